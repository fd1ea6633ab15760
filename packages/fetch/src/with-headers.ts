/**
 * `response` with `headers` added where it does not set them itself (a route's own `Cache-Control`
 * wins), and without a body for HEAD. A `Response` whose headers are immutable (from `fetch()`,
 * `Response.redirect()`) is copied first; any other is changed in place, not copied.
 */
export function withHeaders(response: Response, headers: Readonly<Record<string, string>>, head: boolean): Response {
  let answer = head && response.body !== null ? new Response(null, response) : response;
  try {
    setMissing(answer.headers, headers);
  } catch {
    answer = new Response(answer.body, answer);
    setMissing(answer.headers, headers);
  }
  return answer;
}

function setMissing(target: Headers, headers: Readonly<Record<string, string>>): void {
  for (const name in headers) if (!target.has(name)) target.set(name, headers[name]!);
}
