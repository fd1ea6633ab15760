import { describe, expect, it } from 'vitest';
import { ConfigurationError } from './env-config.js';
import { readOperationsSettings } from './operations-settings.js';

describe('readOperationsSettings', () => {
  it('has defaults that fail a request within seconds', () => {
    expect(readOperationsSettings({})).toEqual({
      trustedProxies: [],
      shutdownTimeoutMs: 10_000,
      database: { poolSize: 10, connectTimeoutMs: 5_000, queryTimeoutMs: 5_000 },
      redis: { connectTimeoutMs: 5_000, commandTimeoutMs: 1_000 },
      readinessTimeoutMs: 1_000,
    });
  });

  it('reads every variable, durations as ms, s, m or plain seconds', () => {
    const settings = readOperationsSettings({
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1 ,loopback',
      SHUTDOWN_TIMEOUT: '30',
      DATABASE_POOL_SIZE: '25',
      DATABASE_CONNECT_TIMEOUT: '2s',
      DATABASE_QUERY_TIMEOUT: '1500ms',
      REDIS_CONNECT_TIMEOUT: '1m',
      REDIS_COMMAND_TIMEOUT: '250ms',
      READINESS_TIMEOUT: '0.5s',
    });
    expect(settings).toEqual({
      trustedProxies: ['10.0.0.0/8', '127.0.0.1', 'loopback'],
      shutdownTimeoutMs: 30_000,
      database: { poolSize: 25, connectTimeoutMs: 2_000, queryTimeoutMs: 1_500 },
      redis: { connectTimeoutMs: 60_000, commandTimeoutMs: 250 },
      readinessTimeoutMs: 500,
    });
  });

  it('refuses a wrong value with one line naming the variable', () => {
    expect(() => readOperationsSettings({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(
      new ConfigurationError(
        'TRUST_PROXY must list IP addresses or CIDR ranges such as 10.0.0.0/8 (not an IP address or CIDR range: 10.0.0.0/33).',
      ),
    );
    expect(() => readOperationsSettings({ SHUTDOWN_TIMEOUT: 'soon' })).toThrow(
      new ConfigurationError('SHUTDOWN_TIMEOUT must be a duration such as 500ms, 5s or 1m (at most 1h).'),
    );
    expect(() => readOperationsSettings({ DATABASE_QUERY_TIMEOUT: '0' })).toThrow(ConfigurationError);
    expect(() => readOperationsSettings({ DATABASE_POOL_SIZE: '0' })).toThrow(
      new ConfigurationError('DATABASE_POOL_SIZE must be a whole number from 1 to 1000.'),
    );
    expect(() => readOperationsSettings({ DATABASE_POOL_SIZE: '2.5' })).toThrow(ConfigurationError);
  });
});
