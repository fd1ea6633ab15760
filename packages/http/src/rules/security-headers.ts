/**
 * The headers every API answer carries: auth answers hold tokens, so no cache may keep them, and
 * no browser may guess their type. The one list behind each adapter's `securityHeaders()` and any
 * lower layer that sets them on the response itself (the example servers do, on Node's response).
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
});
