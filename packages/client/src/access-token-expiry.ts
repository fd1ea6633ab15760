/** The claims of an access token, read without verifying it (the server verifies). */
function readClaims(token: string): Record<string, unknown> | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    return JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)))) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/**
 * The `exp` claim of an access token in milliseconds, read without verifying the token (the server
 * verifies; the client only needs to know when to refresh). `undefined` when it cannot be read.
 */
export function accessTokenExpiresAt(token: string): number | undefined {
  const exp = readClaims(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : undefined;
}

/** The session (`sid` claim) of an access token, to tell the current session in a list. */
export function accessTokenSessionId(token: string): string | undefined {
  const sid = readClaims(token)?.sid;
  return typeof sid === 'string' ? sid : undefined;
}
