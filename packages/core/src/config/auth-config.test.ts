import { describe, expect, it } from 'vitest';
import { AuthError } from '../errors/auth-error.js';
import { parseAuthConfig, type AuthConfigInput } from './auth-config.js';

const ACCESS_SECRET = 'a'.repeat(32);
const REFRESH_SECRET = 'r'.repeat(32);
const base = { accessTokenSecret: ACCESS_SECRET, refreshTokenSecret: REFRESH_SECRET } as const;

/** Parses and returns the INVALID_CONFIG error, failing the test if parsing succeeds or throws something else. */
function configError(input: unknown): AuthError {
  try {
    parseAuthConfig(input as AuthConfigInput);
  } catch (error) {
    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).code).toBe('INVALID_CONFIG');
    return error as AuthError;
  }
  throw new Error('expected parseAuthConfig to throw');
}

describe('parseAuthConfig', () => {
  it('fills the spec defaults when only the secrets are given', () => {
    expect(parseAuthConfig(base)).toEqual({
      accessTokenSecret: ACCESS_SECRET,
      refreshTokenSecret: REFRESH_SECRET,
      accessTokenAlgorithm: 'HS256',
      previousAccessTokenKeys: [],
      previousAccessTokenSecrets: [],
      accessTokenTtl: 3600,
      refreshTokenTtl: 7 * 86_400,
      sessionMaxLifetime: 30 * 86_400,
      refreshTokenReuseInterval: 0,
      jitterSeconds: 60,
      argon2: { memoryCost: 19_456, timeCost: 2, parallelism: 1 },
      emailVerificationTtl: 24 * 3600,
      passwordResetTtl: 3600,
      requireEmailVerification: false,
      rateLimit: {
        enabled: true,
        loginFailures: { limit: 5, windowSeconds: 900 },
        accountLoginFailures: { limit: 100, windowSeconds: 86_400 },
        authRequests: { limit: 60, windowSeconds: 60 },
        mailsPerAddress: { limit: 3, windowSeconds: 3600 },
      },
      hashing: { maxQueued: 64 },
      passwordPolicy: { minLength: 8, serviceName: 'Gatehouse' },
      concealRegisteredEmails: false,
      cookies: { enabled: false, trustedOrigins: [], serverReadable: false },
      checkTokenVersion: false,
      reauthMaxAge: 600,
    });
  });

  it('parses an already parsed config to the same value (idempotent)', () => {
    const once = parseAuthConfig({ ...base, rateLimit: { loginFailures: { limit: 3, windowSeconds: '10m' } } });
    expect(parseAuthConfig(once as never)).toEqual(once);
    expect(once.rateLimit.loginFailures).toEqual({ limit: 3, windowSeconds: 600 });
  });

  it.each([
    ['30s', 30],
    ['15m', 900],
    ['1h', 3600],
    ['7d', 604_800],
    ['3600', 3600],
    [' 90 ', 90],
    [45, 45],
  ] as const)('reads the duration %j as %i seconds', (input, seconds) => {
    const config = parseAuthConfig({
      ...base,
      accessTokenTtl: input,
      refreshTokenTtl: input,
      passwordResetTtl: input,
      emailVerificationTtl: input,
    });
    expect(config.accessTokenTtl).toBe(seconds);
    expect(config.refreshTokenTtl).toBe(seconds);
    expect(config.passwordResetTtl).toBe(seconds);
    expect(config.emailVerificationTtl).toBe(seconds);
  });

  it('accepts jitter 0, which disables jitter', () => {
    expect(parseAuthConfig({ ...base, jitterSeconds: 0 }).jitterSeconds).toBe(0);
  });

  it('accepts numeric strings for integer settings, as they come from the environment', () => {
    const config = parseAuthConfig({
      ...base,
      jitterSeconds: '5' as unknown as number,
      argon2: { memoryCost: '2048' as unknown as number },
    });
    expect(config.jitterSeconds).toBe(5);
    expect(config.argon2).toEqual({ memoryCost: 2048, timeCost: 2, parallelism: 1 });
  });

  it('returns a frozen config', () => {
    const config = parseAuthConfig(base);
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.argon2)).toBe(true);
  });

  it('parses its own output again to the same config', () => {
    const config = parseAuthConfig({ ...base, accessTokenTtl: '15m', jitterSeconds: 3 });
    expect(parseAuthConfig(config)).toEqual(config);
  });

  it.each(['1x', '1.5h', '-5', 'h', '', '1h30m'])('rejects the duration %j and names accessTokenTtl', (bad) => {
    const error = configError({ ...base, accessTokenTtl: bad });
    expect(error.details).toEqual([{ path: 'accessTokenTtl', message: expect.stringContaining('duration') }]);
    expect(error.message).toContain('accessTokenTtl');
  });

  it('rejects a zero lifetime', () => {
    expect(configError({ ...base, refreshTokenTtl: 0 }).details?.map((d) => d.path)).toEqual(['refreshTokenTtl']);
  });

  it.each(['emailVerificationTtl', 'passwordResetTtl'])('rejects a bad %s and names it', (key) => {
    expect(configError({ ...base, [key]: 'soon' }).details?.map((d) => d.path)).toEqual([key]);
  });

  it('rejects an access secret shorter than 32 characters and names it', () => {
    const error = configError({ ...base, accessTokenSecret: 'x'.repeat(31) });
    expect(error.details).toEqual([{ path: 'accessTokenSecret', message: 'must be at least 32 characters' }]);
  });

  it('rejects a refresh secret shorter than 32 characters and names it', () => {
    expect(configError({ ...base, refreshTokenSecret: 'short' }).details?.map((d) => d.path)).toEqual(['refreshTokenSecret']);
  });

  it('rejects a missing secret and names it', () => {
    expect(configError({ accessTokenSecret: ACCESS_SECRET }).details?.map((d) => d.path)).toEqual(['refreshTokenSecret']);
  });

  it('rejects equal access and refresh secrets', () => {
    const error = configError({ accessTokenSecret: ACCESS_SECRET, refreshTokenSecret: ACCESS_SECRET });
    expect(error.details).toEqual([{ path: 'refreshTokenSecret', message: 'must differ from accessTokenSecret' }]);
  });

  it('rejects a negative jitter and names jitterSeconds', () => {
    const error = configError({ ...base, jitterSeconds: -1 });
    expect(error.details).toEqual([{ path: 'jitterSeconds', message: 'must be at least 0' }]);
  });

  it('rejects a fractional jitter', () => {
    expect(configError({ ...base, jitterSeconds: 1.5 }).details?.map((d) => d.path)).toEqual(['jitterSeconds']);
  });

  it('names the nested path of a weak Argon2 setting', () => {
    const error = configError({ ...base, argon2: { memoryCost: 512, timeCost: 0 } });
    expect(error.details?.map((d) => d.path)).toEqual(['argon2.memoryCost', 'argon2.timeCost']);
  });

  it('never puts a secret into the error message', () => {
    const error = configError({ accessTokenSecret: 'hunter2-short', refreshTokenSecret: 'hunter2-short' });
    expect(error.message).not.toContain('hunter2');
  });

  it('rejects unknown settings, so a typo does not pass silently', () => {
    const error = configError({ ...base, jitterSecond: 5 });
    expect(error.message).toContain('jitterSecond');
  });

  it('refuses cookie mode without a trusted origin, and an origin with a path', () => {
    expect(configError({ ...base, cookies: { enabled: true } }).details).toEqual([
      { path: 'cookies.trustedOrigins', message: "must list the app's own origin when cookies are enabled" },
    ]);
    const withPath = configError({ ...base, cookies: { enabled: true, trustedOrigins: ['https://app.example.com/'] } });
    expect(withPath.details?.map((d) => d.path)).toEqual(['cookies.trustedOrigins.0']);
    expect(parseAuthConfig({ ...base, cookies: { enabled: true, trustedOrigins: ['http://localhost:3000'] } }).cookies).toEqual({
      enabled: true,
      trustedOrigins: ['http://localhost:3000'],
      serverReadable: false,
    });
  });

  it("takes cookies.enabled true, 'auto' or false (the default); 'auto' needs a trusted origin too", () => {
    const enabled = (value: unknown) =>
      parseAuthConfig({ ...base, cookies: { enabled: value, trustedOrigins: ['https://app.example.com'] } as never }).cookies.enabled;
    expect([enabled(true), enabled('auto'), enabled(false)]).toEqual([true, 'auto', false]);
    expect(parseAuthConfig(base).cookies.enabled).toBe(false);
    expect(configError({ ...base, cookies: { enabled: 'auto' } }).details?.map((d) => d.path)).toEqual(['cookies.trustedOrigins']);
    expect(configError({ ...base, cookies: { enabled: 'yes', trustedOrigins: ['https://app.example.com'] } as never }).details).toEqual([
      { path: 'cookies.enabled', message: "must be true, false or 'auto'" },
    ]);
  });
});
