export { createKernel, UNKNOWN_PEER_WARNING } from './kernel/create-kernel.js';
export type { Kernel, KernelOptions, Access, Admitted } from './kernel/create-kernel.js';
export { createAdmission, isIssuer } from './kernel/admission.js';
export { routeRule } from './kernel/route-rule.js';
export type { DeclaredAccess, RouteRule } from './kernel/route-rule.js';
export type { Admission, AdmissionOptions, AccessVerifier } from './kernel/admission.js';
export type { Exchange, Answer, BodyReadBefore } from './kernel/exchange.js';
export { routeTable } from './kernel/route-table.js';
export type { RouteTable, RouteMatch } from './kernel/route-table.js';
export { declaresBody, readRequestBody } from './kernel/request-body.js';
export type { BodyKind } from './kernel/request-body.js';
export { clientAddressReader } from './kernel/proxy-setting.js';
export type { ProxySetting, ClientAddressReader } from './kernel/proxy-setting.js';
export type { Route, RouteInput, RouteResult } from './routes/route.js';
export { STATUS_BY_CODE } from './rules/status-table.js';
export { toErrorResponse } from './rules/http-error.js';
export type { ErrorBody, ErrorResponse, ErrorLog } from './rules/http-error.js';
export { bodyError } from './rules/body-errors.js';
export type { BodyFailure } from './rules/body-errors.js';
export {
  parseJsonBody,
  parseFormBody,
  assertFormMediaType,
  assertJsonMediaType,
  assertIdentityEncoding,
  methodTakesBody,
  DEFAULT_BODY_LIMIT_BYTES,
} from './rules/json-body.js';
export { readBodyWithinLimit } from './rules/read-body.js';
export type { RequestBodySource, NextBodyChunk } from './rules/read-body.js';
export { assertPathEncoding, pathEncodingError, normalizeRequestPath, isRoutableTarget } from './rules/request-path.js';
export { readBearerToken } from './rules/bearer-token.js';
export { readRawHeader } from './rules/raw-header.js';
export { AUTH_ROUTES } from './routes/auth-routes.js';
export { JWKS_ROUTES, JWKS_CACHE_CONTROL } from './routes/jwks-route.js';
export { createJwksVerifier } from './resource/jwks-verifier.js';
export type { JwksVerifier, JwksVerifierOptions, PublicKeyAlgorithm } from './resource/jwks-verifier.js';
export type { AuthRoute, AuthRouteInput, AuthRouteResult } from './routes/auth-routes.js';
export { USER_ROUTES } from './routes/user-routes.js';
export { READINESS_ROUTE } from './routes/readiness-route.js';
export type { UserRoute, UserRouteInput } from './routes/user-routes.js';
export { assertRoles, requireVerifiedUser } from './guard/authorize.js';
export { rememberVerifiedUser, verifiedUser } from './guard/verified-user.js';
export {
  routeAccess,
  readsFormBody,
  markPublic,
  markRoleRequirement,
  markGuard,
  markUnconfirmedAllowed,
  markFormBody,
  isGuardMarker,
} from './guard/route-guard.js';
export type { RouteAccess } from './guard/route-guard.js';
export { routeNotFound } from './rules/not-found.js';
export { queryFromSearchParams, queryFromUrl } from './rules/query-params.js';
export { prefersHtml } from './pages/auth-pages.js';
export type { AuthPages, HtmlPage, VerifyEmailOutcome } from './pages/auth-pages.js';
export { resolveClientAddress } from './rules/client-address.js';
export { parseTrustedProxies } from './rules/trusted-proxies.js';
export type { TrustedProxies } from './rules/trusted-proxies.js';
export type { ClientAddressInput } from './rules/client-address.js';
export { decideCors } from './rules/cors.js';
export { API_SECURITY_HEADERS } from './rules/security-headers.js';
export type { CorsRequest, CorsAnswer } from './rules/cors.js';
export { createResetPasswordPage } from './pages/reset-password-page/reset-password-page.js';
export type { ResetPasswordPage, ResetPasswordPageOptions, PageAnswer } from './pages/reset-password-page/reset-password-page.js';
export { createOpenApiDocument, responseMismatch } from './openapi/openapi-document.js';
export type { OpenApiDocument, OpenApiOptions } from './openapi/openapi-document.js';
export type { Operation, DocumentedResponse } from './openapi/operations.js';
export { OAUTH_ROUTES } from './routes/oauth-routes.js';
export type { SocialRoute, SocialRouteInput, SocialRouteResult } from './routes/oauth-routes.js';
export {
  usesCookies,
  sessionAnswer,
  assertSignInOrigin,
  endedSessionAnswer,
  refreshCredential,
  clearingOnRefusal,
} from './session-cookies/session-answer.js';
export type { RefreshCredential } from './session-cookies/session-answer.js';
export {
  sessionCookies,
  clearRefreshCookie,
  clearSessionCookies,
  readTokenCookie,
  refreshCookieScope,
  SESSION_COOKIE_NAMES,
  SESSION_MODE_HEADER,
  AUTH_COOKIE_PATH,
} from './session-cookies/session-cookies.js';
export { isTrustedCookieRequest, isTrustedSignInRequest } from './session-cookies/trusted-origin.js';
export type { OriginHeaders } from './session-cookies/trusted-origin.js';
export { getSessionUser } from './session-cookies/session-user.js';
export type { SessionUser, SessionUserOptions, HeaderSource } from './session-cookies/session-user.js';
export { routeGuards } from './adapter-kit/route-guards.js';
export type { GuardBinding, RouteGuards, RoleGuard } from './adapter-kit/route-guards.js';
export { routeDecision } from './adapter-kit/route-decision.js';
export type { RouteDecision } from './adapter-kit/route-decision.js';
export { errorAnswer, notFoundAnswer } from './adapter-kit/error-answer.js';
export type { FrameworkFailure } from './adapter-kit/error-answer.js';
export { LIBRARY_ROUTES } from './adapter-kit/library-routes.js';
export { normalizeTarget } from './adapter-kit/request-target.js';
export { resetPasswordAnswers } from './adapter-kit/page-answer.js';
// The adapter kit as one namespace: an adapter imports it once (docs/adapters.md).
import * as adapterKit from './adapter-kit/adapter-kit.js';
export { adapterKit };
