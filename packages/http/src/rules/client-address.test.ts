import { describe, expect, it } from 'vitest';
import { resolveClientAddress } from './client-address.js';
import { parseTrustedProxies } from './trusted-proxies.js';

const proxies = parseTrustedProxies('10.0.0.0/8, 127.0.0.1');

describe('resolveClientAddress with trusted proxies by address', () => {
  it('takes the address the trusted proxy saw, not what the client wrote to the left of it', () => {
    expect(resolveClientAddress({ socketAddress: '10.0.0.2', forwardedFor: '6.6.6.6, 203.0.113.9', trustedProxies: proxies })).toBe(
      '203.0.113.9',
    );
  });

  it('ignores the header of a client that connects directly', () => {
    expect(resolveClientAddress({ socketAddress: '198.51.100.7', forwardedFor: '203.0.113.9', trustedProxies: proxies })).toBe(
      '198.51.100.7',
    );
  });

  it('walks through a chain of trusted proxies and stops at the first address that is not one', () => {
    const forwardedFor = '6.6.6.6, 203.0.113.9, 10.1.1.1, 10.2.2.2';
    expect(resolveClientAddress({ socketAddress: '127.0.0.1', forwardedFor, trustedProxies: proxies })).toBe('203.0.113.9');
  });

  it('reads at most TRUST_PROXY_HOPS entries when both are set', () => {
    const forwardedFor = '203.0.113.9, 10.1.1.1';
    expect(resolveClientAddress({ socketAddress: '10.0.0.2', forwardedFor, trustedProxies: proxies, trustedProxyHops: 1 })).toBe(
      '10.1.1.1',
    );
  });

  it('stops at an entry that is not an IP address, keeping the last trusted hop', () => {
    expect(resolveClientAddress({ socketAddress: '10.0.0.2', forwardedFor: 'unknown', trustedProxies: proxies })).toBe('10.0.0.2');
    expect(resolveClientAddress({ socketAddress: '10.0.0.2', forwardedFor: '203.0.113.9, _hidden', trustedProxies: proxies })).toBe(
      '10.0.0.2',
    );
  });

  it('treats an IPv4-mapped socket address as the IPv4 address', () => {
    expect(resolveClientAddress({ socketAddress: '::ffff:10.0.0.2', forwardedFor: '203.0.113.9', trustedProxies: proxies })).toBe(
      '203.0.113.9',
    );
    expect(resolveClientAddress({ socketAddress: '::ffff:198.51.100.7', forwardedFor: undefined, trustedProxies: proxies })).toBe(
      '198.51.100.7',
    );
  });
});

describe('resolveClientAddress with a hop count only', () => {
  it('takes the N-th address from the right', () => {
    expect(resolveClientAddress({ socketAddress: '10.0.0.2', forwardedFor: '6.6.6.6, 203.0.113.9', trustedProxyHops: 1 })).toBe(
      '203.0.113.9',
    );
    expect(resolveClientAddress({ socketAddress: '10.0.0.2', forwardedFor: '6.6.6.6, 203.0.113.9', trustedProxyHops: 2 })).toBe('6.6.6.6');
  });

  it('ignores the header with no hops and no trusted proxies', () => {
    expect(resolveClientAddress({ socketAddress: '10.0.0.2', forwardedFor: '203.0.113.9', trustedProxyHops: 0 })).toBe('10.0.0.2');
  });
});
