import { SignJWT } from 'jose';

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token signed with `secret` and any header and claims the attack needs. */
export async function forgeToken(secret: string, claims: Record<string, unknown>, header: { alg?: string; typ?: string } = {}) {
  const key = new TextEncoder().encode(secret);
  return new SignJWT(claims).setProtectedHeader({ alg: header.alg ?? 'HS256', typ: header.typ ?? 'at+jwt' }).sign(key);
}

/** An unsecured JWT (`alg: none`, empty signature). */
export function unsecuredToken(claims: Record<string, unknown>, typ = 'at+jwt'): string {
  return `${encode({ alg: 'none', typ })}.${encode(claims)}.`;
}

/** Replaces the payload of a signed token, keeping its header and signature. */
export function tamperPayload(token: string, change: (claims: Record<string, unknown>) => Record<string, unknown>): string {
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
  return `${header}.${encode(change(claims))}.${signature}`;
}

export function decodeClaims(token: string): Record<string, any> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, any>;
}

export function decodeHeader(token: string): Record<string, any> {
  return JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8')) as Record<string, any>;
}

/** The same access token with its `auth_time` moved `secondsAgo` into the past, signed with `secret` (the suite's). */
export async function withOldAuthTime(secret: string, token: string, secondsAgo: number): Promise<string> {
  const claims = decodeClaims(token);
  return forgeToken(secret, { ...claims, auth_time: claims.auth_time - secondsAgo });
}
