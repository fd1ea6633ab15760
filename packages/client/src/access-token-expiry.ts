/**
 * The `exp` claim of an access token in milliseconds, read without verifying the token (the server
 * verifies; the client only needs to know when to refresh). `undefined` when it cannot be read.
 */
export function accessTokenExpiresAt(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)))) as { exp?: unknown };
    return typeof json.exp === 'number' && Number.isFinite(json.exp) ? json.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}
