/**
 * A query string as Express's default ("simple") parser gives it: one value is a string, a repeated
 * key is an array. Web-standard adapters use this so the flows see the same input on every framework.
 *
 * @example
 * queryFromSearchParams(new URL('http://x/?token=a&token=b').searchParams); // { token: ['a', 'b'] }
 */
export function queryFromSearchParams(params: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    query[key] = values.length === 1 ? values[0]! : values;
  }
  return query;
}

/**
 * `queryFromSearchParams` of a request URL's query. A URL without one (most API calls) costs no
 * parse: `new URL()` on every request showed on a `GET /users/me` (docs/performance.md, "What the
 * code's shortcuts buy").
 *
 * @example
 * queryFromUrl('http://x/api/v1/auth/verify-email?token=a'); // { token: 'a' }
 */
export function queryFromUrl(url: string): Record<string, string | string[]> {
  const start = url.indexOf('?');
  if (start === -1) return Object.create(null) as Record<string, string | string[]>;
  const end = url.indexOf('#', start);
  return queryFromSearchParams(new URLSearchParams(url.slice(start + 1, end === -1 ? undefined : end)));
}
