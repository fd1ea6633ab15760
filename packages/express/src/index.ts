import './request-user.js';

export { authRouter, userRouter } from './library-routers.js';
export type { AuthRouterOptions, UserRouterOptions } from './library-routers.js';
export { secureRouter } from './secure-router.js';
export { authenticate, publicRoute, unconfirmedAllowed, roles, allRoles, requireUser, recentAuth, jsonBody } from './guard.js';
export { errorHandler, notFound } from './error-handler.js';
export { securityHeaders, cors } from './response-headers.js';
export { normalizePath } from './normalize-path.js';
export { resetPasswordPage } from './reset-password-page.js';
