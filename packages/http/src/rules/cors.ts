export interface CorsRequest {
  method: string;
  /** The `Origin` header. */
  origin: string | undefined | null;
  /** The `Access-Control-Request-Method` header, present on a preflight. */
  requestMethod: string | undefined | null;
}

export interface CorsAnswer {
  headers: Record<string, string>;
  /** A preflight from an allowed origin: answer 204 with `headers` and stop. */
  preflight: boolean;
}

const PREFLIGHT_HEADERS = {
  'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE',
  // Gatehouse-Session: the typed client's request for cookie mode (`usesCookies`).
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, Gatehouse-Session',
  'Access-Control-Max-Age': '600',
};

/**
 * CORS by allowlist: only an exact listed origin is echoed back, never `*`. Credentials are allowed
 * only with `credentials: true` (cookie mode, so a listed origin's page can send the session
 * cookie; the cookie's SameSite=Strict still keeps it to the same site). A request from any other
 * origin gets no CORS headers, so the browser keeps the response from the page. Same-origin
 * requests (no `Origin`) are untouched.
 */
export function decideCors(
  req: CorsRequest,
  allowedOrigins: readonly string[],
  options: { credentials?: boolean } = {},
): CorsAnswer | undefined {
  if (!req.origin || !allowedOrigins.includes(req.origin)) return undefined;
  const headers: Record<string, string> = { 'Access-Control-Allow-Origin': req.origin, Vary: 'Origin' };
  if (options.credentials) headers['Access-Control-Allow-Credentials'] = 'true';
  const preflight = req.method === 'OPTIONS' && Boolean(req.requestMethod);
  return { headers: preflight ? { ...headers, ...PREFLIGHT_HEADERS } : headers, preflight };
}
