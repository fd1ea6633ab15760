export { authRoutes } from './auth-routes.js';
export type { AuthRoutesOptions } from './auth-routes.js';
export { secureRoutes } from './secure-routes.js';
export { authenticate, publicRoute, roles, allRoles } from './guard.js';
export { jsonBody } from './json-body.js';
export { errorHandler, notFound } from './error-handler.js';
export { securityHeaders } from './security-headers.js';
export { cors } from './cors.js';
export type { GatehouseEnv, GatehouseVariables } from './gatehouse-env.js';
