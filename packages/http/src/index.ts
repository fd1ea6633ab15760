export { STATUS_BY_CODE, REASON_PHRASES } from './status-table.js';
export { HttpError, toErrorResponse } from './http-error.js';
export type { ErrorBody, ErrorResponse } from './http-error.js';
export { parseJsonBody, isJsonContentType, DEFAULT_BODY_LIMIT_BYTES } from './json-body.js';
export { readBearerToken } from './bearer-token.js';
export { AUTH_ROUTES } from './auth-routes.js';
export type { AuthRoute, AuthRouteInput, AuthRouteResult } from './auth-routes.js';
export { assertRoles } from './authorize.js';
