export { authRoutes, userRoutes } from './library-routes.js';
export type { AuthRoutesOptions, UserRoutesOptions } from './library-routes.js';
export { secureRoutes } from './secure-routes.js';
export { authenticate, publicRoute, unconfirmedAllowed, roles, allRoles, requireUser, recentAuth, jsonBody } from './guard.js';
export { errorHandler, notFound, nodeRequestErrorHandler } from './error-handler.js';
export { jsonResponse } from './json-response.js';
export { securityHeaders, cors } from './response-headers.js';
export type { GatehouseEnv, GatehouseVariables } from './gatehouse-env.js';
export { resetPasswordPage } from './reset-password-page.js';
