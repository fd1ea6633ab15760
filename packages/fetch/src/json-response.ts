/**
 * A JSON answer as the library's own routes send it: `application/json; charset=utf-8` (what
 * `Response.json()` leaves out), so an app route's answers look like the auth routes'.
 *
 * @example
 * handle: () => jsonResponse(200, { reports: [] })
 */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' } });
}
