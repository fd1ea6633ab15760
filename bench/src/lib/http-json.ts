/** POSTs `body` as JSON and answers the parsed answer; anything but 2xx throws with the status and body. */
export async function postJson<T = Record<string, unknown>>(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ json: T; response: Response }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return jsonOf<T>(url, response);
}

/** GETs `url` and answers the parsed JSON answer; anything but 2xx throws with the status and body. */
export async function getJson<T = Record<string, unknown>>(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ json: T; response: Response }> {
  return jsonOf<T>(url, await fetch(url, { headers }));
}

async function jsonOf<T>(url: string, response: Response): Promise<{ json: T; response: Response }> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return { json: (text ? JSON.parse(text) : {}) as T, response };
}

/** The `name=value` pairs of an answer's `Set-Cookie` headers, as a `Cookie` header sends them back. */
export const cookiesOf = (response: Response): string =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/** Runs `make(0…count-1)` with at most `inFlight` at once; answers the results in order. */
export async function inBatches<T>(count: number, inFlight: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await make(i);
      }
    }),
  );
  return out;
}
