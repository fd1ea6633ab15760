/**
 * An `AdapterApp`'s `fetch` for an app that answers Node's requests (Express, Nest) listening at
 * `baseUrl`: the suite's `Request` goes there over loopback, same method, path, query, headers
 * and body (streamed).
 *
 * @example
 * await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
 * return { fetch: loopbackFetch(`http://127.0.0.1:${port}`), close: () => closeServer(server) };
 */
export function loopbackFetch(baseUrl: string): (request: Request) => Promise<Response> {
  return (request) => {
    const url = new URL(request.url);
    return fetch(`${baseUrl}${url.pathname}${url.search}`, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      // Node's fetch needs it to stream a request body.
      duplex: 'half',
    } as RequestInit);
  };
}
