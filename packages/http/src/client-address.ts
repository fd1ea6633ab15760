// Web-standard on purpose (no node:net): adapters for Bun, Deno and workers use this too.
const IPV4 = /^(?:25[0-5]|2[0-4]\d|1?\d?\d)(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;
const IPV6 = /^[0-9A-Fa-f:.]{2,45}$/;
const isIp = (value: string) => IPV4.test(value) || (value.includes(':') && IPV6.test(value));

export interface ClientAddressInput {
  /** The TCP peer's address, as the server saw it. */
  socketAddress: string | undefined;
  /** The `X-Forwarded-For` header, if any. */
  forwardedFor: string | undefined | null;
  /**
   * How many reverse proxies in front of the app append to `X-Forwarded-For` and can be trusted.
   * 0 (default): the header is ignored, since any client can send it.
   */
  trustedProxyHops: number;
}

/**
 * The address rate limits count against. `X-Forwarded-For` is honoured only as far as the trusted
 * proxies go: with N trusted hops, the N-th address from the right is the client (what the
 * outermost trusted proxy saw); anything further left was written by the client and is ignored.
 */
export function resolveClientAddress({ socketAddress, forwardedFor, trustedProxyHops }: ClientAddressInput): string | undefined {
  const socket = socketAddress?.replace(/^::ffff:/, '');
  if (trustedProxyHops <= 0 || !forwardedFor) return socket;
  const hops = forwardedFor.split(',').map((part) => part.trim()).filter(Boolean);
  const candidate = hops[hops.length - trustedProxyHops];
  return candidate && isIp(candidate) ? candidate : socket;
}
