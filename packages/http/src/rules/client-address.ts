import { parseIpAddress, type TrustedProxies } from './trusted-proxies.js';

// Web-standard on purpose (no node:net): adapters for Bun, Deno and workers use this too.

export interface ClientAddressInput {
  /** The TCP peer's address, as the server saw it. */
  socketAddress: string | undefined;
  /** The `X-Forwarded-For` header, if any. */
  forwardedFor: string | undefined | null;
  /**
   * The reverse proxies in front of the app, by address (`parseTrustedProxies('10.0.0.0/8')`).
   * `X-Forwarded-For` is read from the right, one entry per hop, only while the hop that wrote it
   * is one of these: a client that reaches the app directly cannot choose its address.
   */
  trustedProxies?: TrustedProxies;
  /**
   * How many reverse proxies in front of the app append to `X-Forwarded-For` and can be trusted.
   * 0 (default): the header is ignored, since any client can send it. With `trustedProxies`, the
   * most hops read (0: as many as are trusted).
   */
  trustedProxyHops?: number;
}

const unmapped = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

/**
 * The address rate limits count against. `X-Forwarded-For` is honoured only as far as the trusted
 * proxies go. By address (`trustedProxies`): starting from the TCP peer, while the current hop is a
 * trusted proxy, the entry it appended (the next from the right) is the hop before it; the first
 * address that is not a trusted proxy is the client. By count (`trustedProxyHops` alone, the older
 * setting): the N-th address from the right. Anything further left was written by the client and is
 * ignored; an entry that is not an IP address stops the walk at the hop before it.
 *
 * @example
 * resolveClientAddress({ socketAddress: '10.0.0.2', forwardedFor: '1.2.3.4, 203.0.113.9', trustedProxies: parseTrustedProxies('10.0.0.0/8') });
 * // '203.0.113.9': the proxy at 10.0.0.2 saw it; '1.2.3.4' is what that client claimed
 */
export function resolveClientAddress({
  socketAddress,
  forwardedFor,
  trustedProxies,
  trustedProxyHops = 0,
}: ClientAddressInput): string | undefined {
  const socket = socketAddress === undefined ? undefined : unmapped(socketAddress);
  if (!forwardedFor || (!trustedProxies && trustedProxyHops <= 0)) return socket;
  const hops = forwardedFor
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (!trustedProxies) {
    const candidate = hops[hops.length - trustedProxyHops];
    return candidate && parseIpAddress(candidate) ? unmapped(candidate) : socket;
  }
  const maxHops = trustedProxyHops > 0 ? trustedProxyHops : hops.length;
  let client = socket;
  for (let read = 0; read < maxHops && client !== undefined && trustedProxies(client); read++) {
    const previous = hops[hops.length - 1 - read];
    if (previous === undefined || !parseIpAddress(previous)) break;
    client = unmapped(previous);
  }
  return client;
}
