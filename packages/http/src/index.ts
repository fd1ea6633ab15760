// What app code calls. The machinery an HTTP adapter is built from (kernel, exchange, route tables,
// request rules, guards, `adapterKit`) is in `./adapter.ts` (`@gatehousejs/http/adapter`).
export type { KernelOptions } from './kernel/create-kernel.js';
export type { AccessVerifier } from './kernel/admission.js';
export { declaresBody } from './kernel/request-body.js';
export { parseTrustedProxies } from './rules/trusted-proxies.js';

export { STATUS_BY_CODE } from './rules/status-table.js';
export { toErrorResponse } from './rules/http-error.js';
export type { ErrorBody, ErrorLog } from './rules/http-error.js';

export { createJwksVerifier } from './resource/jwks-verifier.js';
export type { JwksVerifier, JwksVerifierOptions, PublicKeyAlgorithm } from './resource/jwks-verifier.js';

export type { AuthPages, VerifyEmailOutcome } from './pages/auth-pages.js';
export { createResetPasswordPage } from './pages/reset-password-page/reset-password-page.js';
export type { ResetPasswordPageOptions } from './pages/reset-password-page/reset-password-page.js';

export { createOpenApiDocument, responseMismatch } from './openapi/openapi-document.js';
export type { Operation } from './openapi/operations.js';

export { isTrustedCookieRequest } from './session-cookies/trusted-origin.js';
export { getSessionUser } from './session-cookies/session-user.js';
export type { SessionUser } from './session-cookies/session-user.js';
