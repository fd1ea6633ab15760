import { AuthError } from '@gatehousejs/core';

// Web-standard on purpose (no node:net), like client-address.ts: adapters for Bun, Deno and workers use it too.

/** An address as 16 bytes; IPv4 as IPv4-mapped IPv6 (`::ffff:a.b.c.d`), so both compare alike. */
type Bytes = Uint8Array;

const IPV4 =
  /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

function ipv4Bytes(text: string): number[] | undefined {
  const match = IPV4.exec(text);
  return match ? match.slice(1, 5).map(Number) : undefined;
}

function ipv6Bytes(text: string): Bytes | undefined {
  // A zone (`fe80::1%eth0`) names an interface of this machine; it never matches a range.
  if (text.includes('%')) return undefined;
  let head = text;
  let tail: number[] = [];
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.', lastColon)) {
    const v4 = ipv4Bytes(text.slice(lastColon + 1));
    if (!v4) return undefined;
    tail = v4;
    // `::ffff:1.2.3.4` → `::ffff`; `::1.2.3.4` → `::` (the double colon stays).
    head = text.slice(0, lastColon + 1);
    if (!head.endsWith('::')) head = head.slice(0, -1);
  }
  const groupsWanted = 8 - tail.length / 2;
  const halves = head.split('::');
  if (halves.length > 2) return undefined;
  const parse = (part: string) => (part === '' ? [] : part.split(':'));
  const left = parse(halves[0]!);
  const right = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = groupsWanted - left.length - right.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...left, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...right];
  const bytes = new Uint8Array(16);
  for (let i = 0; i < groups.length; i++) {
    const group = groups[i]!;
    if (!/^[0-9A-Fa-f]{1,4}$/.test(group)) return undefined;
    const value = parseInt(group, 16);
    bytes[i * 2] = value >> 8;
    bytes[i * 2 + 1] = value & 0xff;
  }
  bytes.set(tail, 16 - tail.length);
  return bytes;
}

/**
 * The 16 bytes of an IPv4 or IPv6 address, or `undefined` for anything else. IPv4 becomes
 * `::ffff:a.b.c.d`, the form a dual-stack socket reports it in, so `10.0.0.1` and
 * `::ffff:10.0.0.1` are the same address.
 */
export function parseIpAddress(text: string): Bytes | undefined {
  const trimmed = text.trim().replace(/^\[(.*)\]$/, '$1');
  const v4 = ipv4Bytes(trimmed);
  if (v4) return Uint8Array.from([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, ...v4]);
  return trimmed.includes(':') ? ipv6Bytes(trimmed) : undefined;
}

interface Range {
  bytes: Bytes;
  prefix: number;
}

function inRange(address: Bytes, { bytes, prefix }: Range): boolean {
  let bits = prefix;
  for (let i = 0; i < 16 && bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if ((address[i]! & mask) !== (bytes[i]! & mask)) return false;
  }
  return true;
}

/** Names for the usual ranges, as Express's `trust proxy` setting has them. */
const NAMED_RANGES: Readonly<Record<string, readonly string[]>> = Object.freeze({
  loopback: ['127.0.0.0/8', '::1/128'],
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
});

function parseRange(entry: string): Range | undefined {
  const [address, prefixText, ...rest] = entry.split('/');
  if (address === undefined || rest.length > 0) return undefined;
  const bytes = parseIpAddress(address);
  if (!bytes) return undefined;
  const isV4 = ipv4Bytes(address.trim()) !== undefined;
  const max = isV4 ? 32 : 128;
  if (prefixText === undefined) return { bytes, prefix: 128 };
  if (!/^\d{1,3}$/.test(prefixText.trim()) || Number(prefixText) > max) return undefined;
  return { bytes, prefix: Number(prefixText) + (isV4 ? 96 : 0) };
}

/** The proxies whose `X-Forwarded-For` entries are believed: a test on an address. */
export type TrustedProxies = (address: string) => boolean;

/**
 * Reads a list of addresses, CIDR ranges and the names `loopback`, `private` and `linklocal`
 * (comma-separated, or an array) into a test for "is this address one of our proxies". Throws a
 * `AuthError` `INVALID_CONFIG` naming the first entry it cannot read, so a typo fails at start, not silently.
 *
 * @example
 * const trusted = parseTrustedProxies('10.0.0.0/8, 192.168.1.10, loopback');
 * trusted('10.1.2.3'); // true
 * trusted('::ffff:10.1.2.3'); // true: the same address on a dual-stack socket
 */
export function parseTrustedProxies(list: string | readonly string[]): TrustedProxies {
  const entries = (typeof list === 'string' ? list.split(',') : list).map((e) => e.trim()).filter(Boolean);
  const ranges: Range[] = [];
  for (const entry of entries) {
    const named = NAMED_RANGES[entry.toLowerCase()];
    const parsed = named ? named.map(parseRange) : [parseRange(entry)];
    if (parsed.some((r) => r === undefined)) throw new AuthError('INVALID_CONFIG', `not an IP address or CIDR range: ${entry}`);
    ranges.push(...(parsed as Range[]));
  }
  return (address) => {
    const bytes = parseIpAddress(address);
    return bytes !== undefined && ranges.some((range) => inRange(bytes, range));
  };
}
