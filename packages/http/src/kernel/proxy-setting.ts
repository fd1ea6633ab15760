import { resolveClientAddress } from '../rules/client-address.js';
import { parseTrustedProxies, type TrustedProxies } from '../rules/trusted-proxies.js';

/**
 * The one proxy setting of every adapter, read the same way by each (CONTRACT §8's `TRUST_PROXY`
 * and `TRUST_PROXY_HOPS`):
 *
 * - `trustedProxies`: the reverse proxies in front of the app by address: IPs, CIDR ranges
 *   (`10.0.0.0/8`) and the names `loopback`, `private`, `linklocal`. `X-Forwarded-For` is read from
 *   the right only through hops from these addresses, so a client that reaches the app directly
 *   cannot choose its address.
 * - `trustedProxyHops`: how many proxies append to `X-Forwarded-For`. Alone, the N-th address from
 *   the right is the client (whoever the peer is); with `trustedProxies`, at most that many hops are
 *   read.
 *
 * Neither (the default): the header is ignored and the TCP peer is the client.
 */
export interface ProxySetting {
  trustedProxies?: string | readonly string[] | undefined;
  trustedProxyHops?: number | undefined;
}

/** The proxy setting parsed once, at start: a typo in an address fails there, not at the first request. */
export interface ClientAddressReader {
  /** The client's address from the peer and the `X-Forwarded-For` header. */
  (peerAddress: string | undefined, forwardedFor: string | undefined): string | undefined;
}

/**
 * Parses the proxy setting once and returns the reader every adapter uses.
 *
 * @example
 * const clientAddress = clientAddressReader({ trustedProxies: 'loopback' });
 * clientAddress('127.0.0.1', '203.0.113.9'); // '203.0.113.9'
 */
export function clientAddressReader(setting: ProxySetting = {}): ClientAddressReader {
  // An empty list (`TRUST_PROXY=` unset) is no setting, so `trustedProxyHops` alone still counts.
  const list = setting.trustedProxies;
  const trustedProxies: TrustedProxies | undefined = list === undefined || list.length === 0 ? undefined : parseTrustedProxies(list);
  const trustedProxyHops = setting.trustedProxyHops ?? 0;
  if (!Number.isInteger(trustedProxyHops) || trustedProxyHops < 0) {
    throw new TypeError(`trustedProxyHops must be a whole number of proxies (0 or more), not ${String(setting.trustedProxyHops)}`);
  }
  return (peerAddress, forwardedFor) =>
    resolveClientAddress({
      socketAddress: peerAddress,
      forwardedFor,
      trustedProxyHops,
      ...(trustedProxies ? { trustedProxies } : {}),
    });
}
