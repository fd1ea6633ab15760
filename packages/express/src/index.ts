import './request-user.js';

export { authRouter } from './auth-router.js';
export { secureRouter } from './secure-router.js';
export { userRouter } from './user-router.js';
export { authenticate, publicRoute, unconfirmedAllowed, roles, allRoles, requireUser } from './guard.js';
export { jsonBody } from './json-body-middleware.js';
export { errorHandler, notFound } from './error-handler.js';
export { securityHeaders } from './security-headers.js';
export { normalizePath } from './normalize-path.js';
export { cors } from './cors-middleware.js';
export type { AuthRouterOptions } from './auth-router.js';
export { resetPasswordPage } from './reset-password-page.js';
export type { UserRouterOptions } from './user-router.js';
export { recentAuth } from './recent-auth.js';
