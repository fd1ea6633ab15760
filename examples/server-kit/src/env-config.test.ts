import { describe, expect, it } from 'vitest';
import { ConfigurationError, readServerSettings as readWithDefaults } from './env-config.js';

const DEFAULTS = { databaseFile: '/srv/example/data/gatehouse.db' };
const readServerSettings = (env: NodeJS.ProcessEnv) => readWithDefaults(env, DEFAULTS);

const SECRETS = { JWT_SECRET: 'x'.repeat(32), JWT_REFRESH_SECRET: 'y'.repeat(32) };
/** As `openssl rand -base64 36` prints them. */
const STRONG = {
  JWT_SECRET: 'kq3Vw9Zx1Lr0Pm7Tt2Yb5Nc8Hd4Jf6Gs+Ua/Ei1Ox9Rl',
  JWT_REFRESH_SECRET: 'Bz7Qn2Wm5Xc8Vk1Lp4Jr0Ht3Gy6Fd9Sa+Ei/Ou2Mb7Nq',
};

describe('readServerSettings (CONTRACT §7)', () => {
  it('AUTH_COOKIES is auto by default (cookies for the requests that ask), true or false; trusting the origin of APP_URL and CORS_ORIGINS', () => {
    // Without APP_URL the demo is opened as localhost or as 127.0.0.1 (the README's address): both are its own.
    expect(readServerSettings({}).auth.cookies).toEqual({
      enabled: 'auto',
      trustedOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000'],
      serverReadable: false,
    });
    const on = readServerSettings({
      AUTH_COOKIES: 'true',
      AUTH_COOKIES_SERVER_READABLE: 'true',
      APP_URL: 'https://app.example.com/base/',
      CORS_ORIGINS: 'https://admin.example.com',
    });
    expect(on.auth.cookies).toEqual({
      enabled: true,
      trustedOrigins: ['https://app.example.com', 'https://admin.example.com'],
      serverReadable: true,
    });
    expect(readServerSettings({ AUTH_COOKIES: 'Auto' }).auth.cookies.enabled).toBe('auto');
    expect(readServerSettings({ AUTH_COOKIES: 'false' }).auth.cookies.enabled).toBe(false);
    expect(() => readServerSettings({ AUTH_COOKIES: 'sometimes' })).toThrow('AUTH_COOKIES must be true, false or auto.');
  });

  it('uses the contract defaults with no environment at all', () => {
    const s = readServerSettings({});
    expect(s).toMatchObject({
      host: '127.0.0.1',
      port: 3000,
      appUrl: 'http://localhost:3000',
      ephemeralSecrets: true,
      smtp: undefined,
      rateLimitStore: 'auto',
      trustedProxyHops: 0,
      corsOrigins: [],
      bootstrapSuper: undefined,
      devMail: { enabled: true, smtpPort: 1025 },
    });
    expect(s.auth).toMatchObject({ accessTokenTtl: 3600, refreshTokenTtl: 604_800, jitterSeconds: 60, requireEmailVerification: false });
    expect(s.auth.argon2).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    expect(s.auth.accessTokenSecret).not.toBe(s.auth.refreshTokenSecret);
    expect(s.databaseUrl).toBe('sqlite:/srv/example/data/gatehouse.db');
  });

  it('reads every variable it is given', () => {
    const s = readServerSettings({
      ...SECRETS,
      PORT: '8080',
      HOST: '0.0.0.0',
      APP_URL: 'https://auth.example.com/',
      DATABASE_URL: 'memory:',
      JWT_EXPIRATION_TIME: '15m',
      JWT_REFRESH_EXPIRATION_TIME: '30d',
      JWT_JITTER_SECONDS: '0',
      ARGON2_MEMORY_COST: '65536',
      ARGON2_TIME_COST: '3',
      ARGON2_PARALLELISM: '2',
      SMTP_HOST: 'smtp.example.com',
      SMTP_PORT: '465',
      SMTP_SECURE: 'true',
      SMTP_USER: 'mailer',
      SMTP_PASS: 'pw',
      MAIL_FROM: 'Auth <auth@example.com>',
      REQUIRE_EMAIL_VERIFICATION: 'true',
      RATE_LIMIT_ENABLED: 'false',
      BOOTSTRAP_SUPER_EMAIL: 'root@example.com',
      BOOTSTRAP_SUPER_PASSWORD: 'a long password',
    });
    expect(s).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      appUrl: 'https://auth.example.com',
      ephemeralSecrets: false,
      smtp: { host: 'smtp.example.com', port: 465, secure: true, user: 'mailer', pass: 'pw' },
      mailFrom: 'Auth <auth@example.com>',
      bootstrapSuper: { email: 'root@example.com', password: 'a long password' },
    });
    expect(s.auth).toMatchObject({ accessTokenTtl: 900, refreshTokenTtl: 2_592_000, jitterSeconds: 0, requireEmailVerification: true });
    expect(s.auth.rateLimit.enabled).toBe(false);
    expect(s.auth.argon2).toEqual({ memoryCost: 65_536, timeCost: 3, parallelism: 2 });
  });

  it('reads the security settings: rate limits, proxies, CORS, hashing cap, opt-ins', () => {
    const s = readServerSettings({
      ...SECRETS,
      RATE_LIMIT_LOGIN_FAILURES: '3/10m',
      RATE_LIMIT_AUTH_REQUESTS: '100/1m',
      RATE_LIMIT_MAILS: '2/1h',
      RATE_LIMIT_STORE: 'redis',
      REDIS_URL: 'redis://127.0.0.1:6379',
      TRUST_PROXY_HOPS: '1',
      CORS_ORIGINS: 'https://app.example.com, https://admin.example.com/',
      HASH_MAX_CONCURRENT: '2',
      HASH_MAX_QUEUED: '10',
      CONCEAL_REGISTERED_EMAILS: 'true',
      CHECK_TOKEN_VERSION: 'true',
    });
    expect(s.auth.rateLimit).toEqual({
      enabled: true,
      loginFailures: { limit: 3, windowSeconds: 600 },
      accountLoginFailures: { limit: 100, windowSeconds: 86_400 },
      authRequests: { limit: 100, windowSeconds: 60 },
      mailsPerAddress: { limit: 2, windowSeconds: 3600 },
    });
    expect(s.auth.hashing).toEqual({ maxConcurrent: 2, maxQueued: 10 });
    expect(s.auth).toMatchObject({ concealRegisteredEmails: true, checkTokenVersion: true });
    expect(s).toMatchObject({ rateLimitStore: 'redis', redisUrl: 'redis://127.0.0.1:6379', trustedProxyHops: 1 });
    expect(s.corsOrigins).toEqual(['https://app.example.com', 'https://admin.example.com']);
  });

  it('names the variable of a bad rate-limit rule, store, proxy count or origin', () => {
    expect(() => readServerSettings({ ...SECRETS, RATE_LIMIT_LOGIN_FAILURES: 'five' })).toThrow(/RATE_LIMIT_LOGIN_FAILURES/);
    expect(() => readServerSettings({ ...SECRETS, RATE_LIMIT_LOGIN_FAILURES: '0/1m' })).toThrow(/RATE_LIMIT_LOGIN_FAILURES/);
    expect(() => readServerSettings({ ...SECRETS, RATE_LIMIT_STORE: 'file' })).toThrow(/RATE_LIMIT_STORE/);
    expect(() => readServerSettings({ ...SECRETS, TRUST_PROXY_HOPS: 'yes' })).toThrow(/TRUST_PROXY_HOPS/);
    expect(() => readServerSettings({ ...SECRETS, CORS_ORIGINS: '*' })).toThrow(/CORS_ORIGINS/);
  });

  it('defaults APP_URL to the chosen port', () => {
    expect(readServerSettings({ PORT: '4000' }).appUrl).toBe('http://localhost:4000');
  });

  it('refuses to start in production without secrets, naming both variables', () => {
    expect(() => readServerSettings({ NODE_ENV: 'production' })).toThrow(ConfigurationError);
    expect(() => readServerSettings({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET and JWT_REFRESH_SECRET must be set in production/);
  });

  it('refuses weak or equal secrets, naming the variable, without echoing the value', () => {
    const weak = () => readServerSettings({ NODE_ENV: 'production', JWT_SECRET: 'hunter2', JWT_REFRESH_SECRET: STRONG.JWT_REFRESH_SECRET });
    expect(weak).toThrow(/JWT_SECRET must be at least 32 characters/);
    expect(weak).not.toThrow(/hunter2/);
    expect(() => readServerSettings({ JWT_SECRET: 'z'.repeat(40), JWT_REFRESH_SECRET: 'z'.repeat(40) })).toThrow(
      /JWT_REFRESH_SECRET must differ/,
    );
  });

  it('names only environment variables when JWT_REFRESH_SECRET equals JWT_SECRET', () => {
    const equal = () => readServerSettings({ JWT_SECRET: 'z'.repeat(40), JWT_REFRESH_SECRET: 'z'.repeat(40) });
    expect(equal).toThrow(new ConfigurationError('Invalid configuration: JWT_REFRESH_SECRET must differ from JWT_SECRET.'));
  });

  it('names the variable of a bad duration, number, flag or port', () => {
    expect(() => readServerSettings({ ...SECRETS, JWT_EXPIRATION_TIME: 'soon' })).toThrow(/JWT_EXPIRATION_TIME/);
    expect(() => readServerSettings({ ...SECRETS, ARGON2_MEMORY_COST: 'lots' })).toThrow(/ARGON2_MEMORY_COST/);
    expect(() => readServerSettings({ ...SECRETS, JWT_JITTER_SECONDS: '-5' })).toThrow(/JWT_JITTER_SECONDS/);
    expect(() => readServerSettings({ ...SECRETS, REQUIRE_EMAIL_VERIFICATION: 'maybe' })).toThrow(/REQUIRE_EMAIL_VERIFICATION/);
    expect(() => readServerSettings({ ...SECRETS, PORT: '70000' })).toThrow(/PORT/);
  });

  it('turns the development mail viewer off in production, and refuses MAILHOG_ENABLED there unless acknowledged', () => {
    expect(readServerSettings({ ...STRONG, NODE_ENV: 'production' }).devMail.enabled).toBe(false);
    expect(() => readServerSettings({ ...STRONG, NODE_ENV: 'production', MAILHOG_ENABLED: 'true' })).toThrow(
      /MAILHOG_ALLOW_IN_PRODUCTION=true/,
    );
    const acknowledged = readServerSettings({
      ...STRONG,
      NODE_ENV: 'production',
      MAILHOG_ENABLED: 'true',
      MAILHOG_ALLOW_IN_PRODUCTION: 'true',
    });
    expect(acknowledged.devMail).toMatchObject({ enabled: true, exposedInProduction: true });
  });

  it('refuses predictable secrets in production (36 times "a", a short alphabet), naming the variable without the value', () => {
    for (const weak of ['a'.repeat(36), 'abababababababababababababababababab', '0123012301230123012301230123012301230123']) {
      const start = () => readServerSettings({ ...STRONG, NODE_ENV: 'production', JWT_SECRET: weak });
      expect(start).toThrow(/JWT_SECRET is too predictable for production/);
      expect(start).not.toThrow(weak);
    }
    expect(() => readServerSettings({ ...STRONG, NODE_ENV: 'production', JWT_REFRESH_SECRET: 'b'.repeat(40) })).toThrow(
      /JWT_REFRESH_SECRET is too predictable/,
    );
    expect(readServerSettings({ ...STRONG, NODE_ENV: 'production' }).auth.accessTokenSecret).toBe(STRONG.JWT_SECRET);
    // Outside production the length rule alone applies, as before.
    expect(readServerSettings({ JWT_SECRET: 'a'.repeat(36), JWT_REFRESH_SECRET: 'b'.repeat(36) }).ephemeralSecrets).toBe(false);
  });

  it('reads PASSWORD_MIN_LENGTH (default 8) and names it when it is out of range', () => {
    expect(readServerSettings(SECRETS).auth.passwordPolicy.minLength).toBe(8);
    expect(readServerSettings({ ...SECRETS, PASSWORD_MIN_LENGTH: '15' }).auth.passwordPolicy.minLength).toBe(15);
    expect(() => readServerSettings({ ...SECRETS, PASSWORD_MIN_LENGTH: '7' })).toThrow(/PASSWORD_MIN_LENGTH must be at least 8/);
  });

  it('reads PASSWORD_BREACH_CHECK (off by default) and PASSWORD_BREACH_API_URL (https, or http on this machine)', () => {
    expect(readServerSettings(SECRETS).passwordBreachCheck).toEqual({ enabled: false });
    expect(readServerSettings({ ...SECRETS, PASSWORD_BREACH_CHECK: 'hibp' }).passwordBreachCheck).toEqual({
      enabled: true,
      apiUrl: 'https://api.pwnedpasswords.com',
      timeoutMs: 1500,
    });
    const stub = readServerSettings({ ...SECRETS, PASSWORD_BREACH_CHECK: 'hibp', PASSWORD_BREACH_API_URL: 'http://127.0.0.1:4010/' });
    expect(stub.passwordBreachCheck).toMatchObject({ apiUrl: 'http://127.0.0.1:4010' });
    expect(() => readServerSettings({ ...SECRETS, PASSWORD_BREACH_CHECK: 'yes' })).toThrow(
      /PASSWORD_BREACH_CHECK must be one of off, hibp/,
    );
    expect(() => readServerSettings({ ...SECRETS, PASSWORD_BREACH_API_URL: 'http://breaches.example.com' })).toThrow(
      /PASSWORD_BREACH_API_URL must be an https URL/,
    );
  });
});
