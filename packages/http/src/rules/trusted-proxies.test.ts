import { describe, expect, it } from 'vitest';
import { parseIpAddress, parseTrustedProxies } from './trusted-proxies.js';

const hex = (bytes: Uint8Array | undefined) => (bytes ? Buffer.from(bytes).toString('hex') : undefined);

describe('parseIpAddress', () => {
  it('reads IPv4 as IPv4-mapped IPv6, so both spellings are one address', () => {
    expect(hex(parseIpAddress('10.1.2.3'))).toBe('00000000000000000000ffff0a010203');
    expect(hex(parseIpAddress('::ffff:10.1.2.3'))).toBe(hex(parseIpAddress('10.1.2.3')));
  });

  it('reads compressed, full and bracketed IPv6', () => {
    expect(hex(parseIpAddress('::1'))).toBe('00000000000000000000000000000001');
    expect(hex(parseIpAddress('2001:db8::8:800:200c:417a'))).toBe('20010db80000000000080800200c417a');
    expect(hex(parseIpAddress('[fe80::1]'))).toBe('fe800000000000000000000000000001');
    expect(hex(parseIpAddress('1:2:3:4:5:6:7:8'))).toBe('00010002000300040005000600070008');
  });

  it('refuses what is not an address', () => {
    for (const text of [
      '',
      'localhost',
      '10.1.2',
      '256.1.1.1',
      '01.2.3.4x',
      '1::2::3',
      '1:2:3:4:5:6:7:8:9',
      'fe80::1%eth0',
      '::ffff:1.2.3',
    ]) {
      expect(parseIpAddress(text), text).toBeUndefined();
    }
  });
});

describe('parseTrustedProxies', () => {
  it('matches single addresses and CIDR ranges of both families', () => {
    const trusted = parseTrustedProxies('10.0.0.0/8, 192.168.1.10, 2001:db8::/32');
    expect(trusted('10.255.0.1')).toBe(true);
    expect(trusted('::ffff:10.0.0.7')).toBe(true);
    expect(trusted('11.0.0.1')).toBe(false);
    expect(trusted('192.168.1.10')).toBe(true);
    expect(trusted('192.168.1.11')).toBe(false);
    expect(trusted('2001:db8:ffff::1')).toBe(true);
    expect(trusted('2001:db9::1')).toBe(false);
  });

  it('honours prefixes that do not end on a byte', () => {
    const trusted = parseTrustedProxies(['172.16.0.0/12']);
    expect(trusted('172.31.255.255')).toBe(true);
    expect(trusted('172.32.0.0')).toBe(false);
    expect(trusted('172.15.255.255')).toBe(false);
  });

  it('knows loopback, private and linklocal by name', () => {
    const trusted = parseTrustedProxies('loopback');
    expect(trusted('127.0.0.1')).toBe(true);
    expect(trusted('::1')).toBe(true);
    expect(trusted('10.0.0.1')).toBe(false);
    expect(parseTrustedProxies('private')('fd00::5')).toBe(true);
  });

  it('trusts nothing when the list is empty, and never a string that is not an address', () => {
    expect(parseTrustedProxies('')('127.0.0.1')).toBe(false);
    expect(parseTrustedProxies('0.0.0.0/0')('unknown')).toBe(false);
  });

  it('refuses an entry it cannot read with INVALID_CONFIG naming it', () => {
    for (const entry of ['10.0.0.0/33', '::/129', 'proxy.internal', '10.0.0.0/8/1', '10.0.0.0/x']) {
      expect(() => parseTrustedProxies(`127.0.0.1, ${entry}`), entry).toThrow(
        expect.objectContaining({ code: 'INVALID_CONFIG', message: `not an IP address or CIDR range: ${entry}` }),
      );
    }
  });
});
