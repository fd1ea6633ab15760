// What app code calls. The machinery an HTTP adapter is built from (kernel, exchange, route tables,
// request rules, guards, `adapterKit`) is in `./adapter.ts` (`@gatehousejs/http/adapter`).
export type { KernelOptions } from './kernel/create-kernel.js';
export type { AccessVerifier } from './kernel/admission.js';
export { declaresBody } from './kernel/request-body.js';
export type { ProxySetting } from './kernel/proxy-setting.js';
export { parseTrustedProxies } from './rules/trusted-proxies.js';
export type { TrustedProxies } from './rules/trusted-proxies.js';

export { STATUS_BY_CODE } from './rules/status-table.js';
export { toErrorResponse } from './rules/http-error.js';
export type { ErrorBody, ErrorResponse, ErrorLog } from './rules/http-error.js';

export { createJwksVerifier } from './resource/jwks-verifier.js';
export type { JwksVerifier, JwksVerifierOptions, PublicKeyAlgorithm } from './resource/jwks-verifier.js';

export type { AuthPages, HtmlPage, VerifyEmailOutcome } from './pages/auth-pages.js';
export { createResetPasswordPage } from './pages/reset-password-page/reset-password-page.js';
export type { ResetPasswordPage, ResetPasswordPageOptions, PageAnswer } from './pages/reset-password-page/reset-password-page.js';

export { createOpenApiDocument, responseMismatch } from './openapi/openapi-document.js';
export type { OpenApiDocument, OpenApiOptions } from './openapi/openapi-document.js';
export type { Operation, DocumentedResponse } from './openapi/operations.js';

export { isTrustedCookieRequest } from './session-cookies/trusted-origin.js';
export type { OriginHeaders } from './session-cookies/trusted-origin.js';
export { getSessionUser } from './session-cookies/session-user.js';
export type { SessionUser, SessionUserOptions, HeaderSource } from './session-cookies/session-user.js';
