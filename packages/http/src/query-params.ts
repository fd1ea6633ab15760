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
