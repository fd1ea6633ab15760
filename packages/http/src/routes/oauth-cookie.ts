/** The cookie that binds a social sign-in to the browser that started it. */
export const OAUTH_COOKIE = 'gatehouse-oauth';

/** `__Host-` (no Domain, Path=/, Secure) under HTTPS, so a sibling subdomain cannot plant or read it. */
export const oauthCookieName = (secure: boolean) => (secure ? `__Host-${OAUTH_COOKIE}` : OAUTH_COOKIE);

/**
 * `Set-Cookie` for the browser key: HttpOnly, Path=/, for the state's lifetime. SameSite=Lax lets the
 * top-level GET back from the provider carry it. A provider that answers with a cross-site POST
 * (Apple's form_post) only gets the cookie with SameSite=None, which browsers accept only with Secure.
 */
export function oauthCookie(value: string, options: { secure: boolean; maxAgeSeconds: number; crossSitePost: boolean }): string {
  const sameSite = options.crossSitePost && options.secure ? 'None' : 'Lax';
  const parts = [
    `${oauthCookieName(options.secure)}=${value}`,
    'Path=/',
    'HttpOnly',
    `SameSite=${sameSite}`,
    `Max-Age=${options.maxAgeSeconds}`,
  ];
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

/** Clears the cookie once the callback used it. */
export const clearOauthCookie = (secure: boolean) =>
  [`${oauthCookieName(secure)}=`, 'Path=/', 'HttpOnly', 'SameSite=Lax', 'Max-Age=0', ...(secure ? ['Secure'] : [])].join('; ');

/**
 * The browser key from a `Cookie` header; undefined when absent, or present more than once (a
 * planted second cookie must not be chosen between).
 */
export function readOauthCookie(header: string | undefined, secure: boolean): string | undefined {
  if (!header) return undefined;
  const name = oauthCookieName(secure);
  const values = header
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.startsWith(`${name}=`))
    .map((part) => part.slice(name.length + 1));
  return values.length === 1 && /^[A-Za-z0-9_-]{1,200}$/.test(values[0]!) ? values[0] : undefined;
}
