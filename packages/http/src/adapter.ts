/**
 * `@gatehousejs/http/adapter`: the machinery an HTTP adapter for another framework is built from
 * (docs/adapters.md): the exchange port, the kernel and its admission, the route tables, the
 * request rules, the guards and the answers to errors. App code needs none of it; it imports
 * `@gatehousejs/http` and its framework's adapter.
 *
 * @module
 */
export { createKernel, UNKNOWN_PEER_WARNING } from './kernel/create-kernel.js';
export type { Kernel, Access, Admitted } from './kernel/create-kernel.js';
export { createAdmission, isIssuer } from './kernel/admission.js';
export type { Admission, AdmissionOptions } from './kernel/admission.js';
export { routeRule } from './kernel/route-rule.js';
export type { DeclaredAccess, RouteRule } from './kernel/route-rule.js';
export type { Exchange, Answer, BodyReadBefore } from './kernel/exchange.js';
export { routeTable } from './kernel/route-table.js';
export type { RouteTable, RouteMatch } from './kernel/route-table.js';
export type { BodyKind } from './kernel/request-body.js';
export { clientAddressReader } from './kernel/proxy-setting.js';
export type { ClientAddressReader } from './kernel/proxy-setting.js';
export type { ClientAddressInput } from './rules/client-address.js';

export type { Route, RouteInput, RouteResult } from './routes/route.js';
export { AUTH_ROUTES } from './routes/auth-routes.js';
export type { AuthRoute, AuthRouteInput, AuthRouteResult } from './routes/auth-routes.js';
export { USER_ROUTES } from './routes/user-routes.js';
export type { UserRoute, UserRouteInput } from './routes/user-routes.js';
export { OAUTH_ROUTES } from './routes/oauth-routes.js';
export type { SocialRoute, SocialRouteInput, SocialRouteResult } from './routes/oauth-routes.js';
export { JWKS_ROUTES } from './routes/jwks-route.js';
export { READINESS_ROUTE } from './routes/readiness-route.js';
export { LIBRARY_ROUTES } from './adapter-kit/library-routes.js';

export { bodyError } from './rules/body-errors.js';
export type { BodyFailure } from './rules/body-errors.js';
export { parseJsonBody, assertIdentityEncoding, DEFAULT_BODY_LIMIT_BYTES } from './rules/json-body.js';
export { readBodyWithinLimit } from './rules/read-body.js';
export type { RequestBodySource, NextBodyChunk } from './rules/read-body.js';
export { assertPathEncoding, pathEncodingError, normalizeRequestPath, isRoutableTarget } from './rules/request-path.js';
export { readBearerToken } from './rules/bearer-token.js';
export { readRawHeader } from './rules/raw-header.js';
export { decideCors } from './rules/cors.js';
export type { CorsRequest, CorsAnswer } from './rules/cors.js';
export { API_SECURITY_HEADERS } from './rules/security-headers.js';
export { routeNotFound } from './rules/not-found.js';

export { markGuard, markFormBody } from './guard/route-guard.js';
export { prefersHtml } from './pages/auth-pages.js';
export { usesCookies, sessionAnswer } from './session-cookies/session-answer.js';
export { routeGuards } from './adapter-kit/route-guards.js';
export type { GuardBinding, RouteGuards, RoleGuard } from './adapter-kit/route-guards.js';
export { routeDecision } from './adapter-kit/route-decision.js';
export type { RouteDecision } from './adapter-kit/route-decision.js';
export { errorAnswer, notFoundAnswer } from './adapter-kit/error-answer.js';
export type { FrameworkFailure } from './adapter-kit/error-answer.js';
export { normalizeTarget } from './adapter-kit/request-target.js';
export { resetPasswordAnswers } from './adapter-kit/page-answer.js';
// The same kit as one namespace, for an adapter that imports it once (docs/adapters.md).
import * as adapterKit from './adapter-kit/adapter-kit.js';
export { adapterKit };
