import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigurationError, readServerSettings } from './env-config.js';
import { startUpFailureMessage } from './main-entry.js';
import { startServer } from './start-server.js';

const DEFAULTS = { databaseFile: '/srv/example/data/gatehouse.db' };
const REFRESH = 'Bz7Qn2Wm5Xc8Vk1Lp4Jr0Ht3Gy6Fd9Sa+Ei/Ou2Mb7Nq';
const OLD_SECRET = 'kq3Vw9Zx1Lr0Pm7Tt2Yb5Nc8Hd4Jf6Gs+Ua/Ei1Ox9Rl';
const ed25519 = generateKeyPairSync('ed25519');
const privatePem = ed25519.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const previousPem = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).publicKey.export({ type: 'spki', format: 'pem' }).toString();

function refusal(env: NodeJS.ProcessEnv): string {
  try {
    readServerSettings(env, DEFAULTS);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return (error as Error).message;
  }
  throw new Error('expected the settings to be refused');
}

describe('the JWT_* key variables (CONTRACT §9)', () => {
  it('reads a key pair in production without JWT_SECRET: a one-line PEM, previous keys and secrets, issuer and audience', () => {
    const s = readServerSettings(
      {
        NODE_ENV: 'production',
        JWT_REFRESH_SECRET: REFRESH,
        JWT_ALGORITHM: 'eddsa',
        JWT_PRIVATE_KEY: privatePem.replace(/\n/g, '\\n'),
        JWT_PREVIOUS_KEYS: previousPem,
        JWT_PREVIOUS_SECRETS: ` ${OLD_SECRET} `,
        JWT_ISSUER: 'https://auth.example.com',
        JWT_AUDIENCE: 'orders-api',
      },
      DEFAULTS,
    );
    expect(s.auth).toMatchObject({
      accessTokenAlgorithm: 'EdDSA',
      accessTokenPrivateKey: { format: 'pem', alg: 'EdDSA', isPrivate: true },
      previousAccessTokenKeys: [{ alg: 'ES256', isPrivate: false }],
      previousAccessTokenSecrets: [OLD_SECRET],
      issuer: 'https://auth.example.com',
      audience: 'orders-api',
    });
    expect(s.auth.accessTokenSecret).toBeUndefined();
  });

  it('refuses JWT_SECRET beside a key pair, saying to move it to JWT_PREVIOUS_SECRETS', () => {
    const message = refusal({ JWT_SECRET: OLD_SECRET, JWT_REFRESH_SECRET: REFRESH, JWT_ALGORITHM: 'EdDSA', JWT_PRIVATE_KEY: privatePem });
    expect(message).toBe(
      'Invalid configuration: JWT_SECRET signs nothing with EdDSA: remove it, or move it to JWT_PREVIOUS_SECRETS while tokens it signed are still valid.',
    );
  });

  it('names the variable of a wrong key without echoing it, and of a short previous secret', () => {
    const message = refusal({ JWT_REFRESH_SECRET: REFRESH, JWT_ALGORITHM: 'RS256', JWT_PRIVATE_KEY: privatePem });
    expect(message).toBe('Invalid configuration: JWT_PRIVATE_KEY must be a key for RS256; this one is for EdDSA.');
    expect(refusal({ JWT_REFRESH_SECRET: REFRESH, JWT_ALGORITHM: 'EdDSA' })).toBe(
      'Invalid configuration: JWT_PRIVATE_KEY is required with EdDSA.',
    );
    expect(refusal({ JWT_SECRET: OLD_SECRET, JWT_REFRESH_SECRET: REFRESH, JWT_PREVIOUS_SECRETS: 'short' })).toBe(
      'Invalid configuration: JWT_PREVIOUS_SECRETS must be at least 32 characters.',
    );
    expect(refusal({ JWT_SECRET: OLD_SECRET, JWT_REFRESH_SECRET: REFRESH, JWT_ALGORITHM: 'HS512' })).toMatch(
      /^Invalid configuration: JWT_ALGORITHM must be one of/,
    );
    expect(refusal({ JWT_SECRET: OLD_SECRET, JWT_REFRESH_SECRET: REFRESH, JWT_ISSUER: 'two words' })).toMatch(
      /^Invalid configuration: JWT_ISSUER must be printable/,
    );
  });

  it('refuses a predictable previous secret in production', () => {
    const message = refusal({
      NODE_ENV: 'production',
      JWT_SECRET: OLD_SECRET,
      JWT_REFRESH_SECRET: REFRESH,
      JWT_PREVIOUS_SECRETS: 'a'.repeat(40),
    });
    expect(message).toMatch(/^JWT_PREVIOUS_SECRETS is too predictable for production/);
  });
});

describe('a key only Web Crypto can refuse', () => {
  it('stops start-up with one line naming JWT_PRIVATE_KEY, before the server listens', async () => {
    // Well-formed P-256 members, but x is not a point of the curve: the structure passes, the import fails.
    const jwk = {
      ...(generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ format: 'jwk' }) as object),
      x: 'A'.repeat(43),
    };
    const settings = readServerSettings(
      {
        JWT_REFRESH_SECRET: REFRESH,
        JWT_ALGORITHM: 'ES256',
        JWT_PRIVATE_KEY: JSON.stringify(jwk),
        PORT: '0',
        MAILHOG_ENABLED: 'false',
        DATABASE_URL: 'memory:',
      },
      DEFAULTS,
    );
    const lines: string[] = [];
    const log = {
      info: (m: string) => void lines.push(m),
      warn: (m: string) => void lines.push(m),
      error: (m: string) => void lines.push(m),
    };
    const error = await startServer(settings, () => (_req, res) => void res.end(), log).then(
      () => expect.fail('expected start-up to fail'),
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(startUpFailureMessage(error)).toBe(
      'cannot start: Invalid configuration: JWT_PRIVATE_KEY holds a key that could not be imported (not a valid key of its type).',
    );
    expect(lines.some((line) => line.includes('listening'))).toBe(false);
  });
});
