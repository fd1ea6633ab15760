/** One hop of a navigation: where the browser went and what it was told. */
export interface Hop {
  url: string;
  method: string;
  status: number;
  location: string | null;
  headers: Headers;
}

const JWT = /eyJ[A-Za-z0-9_-]+\.eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/;

/**
 * A browser reduced to what social sign-in needs: a cookie jar per host, redirects followed by hand
 * (each hop kept for assertions), and auto-submitting form_post pages. URLs under `appUrl` go to
 * the server under test, which believes it lives at `appUrl`; the front-end page is not fetched.
 */
export class TestBrowser {
  readonly hops: Hop[] = [];
  private readonly jars = new Map<string, Map<string, string>>();

  constructor(
    private readonly appUrl: string,
    private readonly serverUrl: string,
    /** Sent with every request (e.g. `X-Forwarded-For`, to speak for a client address of its own). */
    private readonly headers: Record<string, string> = {},
  ) {}

  private real(url: string): string {
    return url.startsWith(`${this.appUrl}/api/`) ? this.serverUrl + url.slice(this.appUrl.length) : url;
  }

  private jar(url: string): Map<string, string> {
    const host = new URL(url).host;
    let jar = this.jars.get(host);
    if (!jar) this.jars.set(host, (jar = new Map()));
    return jar;
  }

  cookieFor(url: string): string | undefined {
    const pairs = [...this.jar(this.real(url))].map(([name, value]) => `${name}=${value}`);
    return pairs.length > 0 ? pairs.join('; ') : undefined;
  }

  /** Stores the cookies of a `Set-Cookie` answered to a script on the app's origin (a same-origin fetch). */
  acceptCookie(url: string, setCookie: string | null): void {
    if (!setCookie) return;
    const pair = setCookie.split(';')[0]!;
    const at = pair.indexOf('=');
    this.jar(this.real(url)).set(pair.slice(0, at), pair.slice(at + 1));
  }

  clearCookies(url: string): void {
    this.jar(this.real(url)).clear();
  }

  /** One request, cookies in and out, no redirect followed. */
  async request(
    url: string,
    init: { method?: string; body?: string; contentType?: string; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const target = this.real(url);
    const headers = new Headers({ ...this.headers, ...init.headers });
    const cookie = this.cookieFor(url);
    if (cookie) headers.set('cookie', cookie);
    if (init.contentType) headers.set('content-type', init.contentType);
    const response = await fetch(target, { method: init.method ?? 'GET', headers, body: init.body, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const at = pair!.indexOf('=');
      const [name, value] = [pair!.slice(0, at).trim(), pair!.slice(at + 1).trim()];
      const expired = attributes.some((a) => /^\s*max-age=0$/i.test(a)) || value === '';
      if (expired) this.jar(target).delete(name);
      else this.jar(target).set(name, value);
    }
    this.hops.push({
      url,
      method: init.method ?? 'GET',
      status: response.status,
      location: response.headers.get('location'),
      headers: response.headers,
    });
    return response;
  }

  /**
   * Follows redirects (and form_post pages) from `url` until the browser is sent to a URL outside
   * the API under `appUrl` (the front end), which is returned unfetched.
   */
  async navigate(url: string, init: { method?: string; body?: string; contentType?: string } = {}): Promise<URL> {
    let next: { url: string; method?: string; body?: string; contentType?: string } = { url, ...init };
    for (let hop = 0; hop < 20; hop++) {
      const response = await this.request(next.url, next);
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        const target = new URL(location, this.real(next.url)).href;
        if (target.startsWith(`${this.appUrl}/`) && !target.startsWith(`${this.appUrl}/api/`)) return new URL(target);
        next = { url: target };
        continue;
      }
      const html = await response.text();
      const form = /<form[^>]*method="post"[^>]*action="([^"]+)"/i.exec(html);
      if (response.status === 200 && form) {
        const fields = [...html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/gi)].map(
          ([, name, value]) => [name!, decodeEntities(value!)] as [string, string],
        );
        next = {
          url: decodeEntities(form[1]!),
          method: 'POST',
          body: new URLSearchParams(fields).toString(),
          contentType: 'application/x-www-form-urlencoded',
        };
        continue;
      }
      throw new Error(`navigation stopped at ${next.url}: ${response.status} ${html.slice(0, 300)}`);
    }
    throw new Error('too many redirects');
  }

  /**
   * What the front-end page does with `?code=`: a same-origin `fetch` POST of the code to
   * `/api/v1/auth/oauth/exchange`, which carries this browser's cookies (the flow's browser key).
   */
  async exchange(code: string | null): Promise<{ status: number; body: any; headers: Headers }> {
    const response = await this.request(`${this.appUrl}/api/v1/auth/oauth/exchange`, {
      method: 'POST',
      body: JSON.stringify({ code }),
      contentType: 'application/json',
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
  }

  /** Every `Location` header seen so far that looks like a JWT: the suite expects none. */
  jwtInLocations(): string[] {
    return this.hops.map((h) => h.location ?? '').filter((l) => JWT.test(l));
  }
}

function decodeEntities(value: string): string {
  return value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x2F;/gi, '/')
    .replace(/&#39;|&#x27;/gi, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}
