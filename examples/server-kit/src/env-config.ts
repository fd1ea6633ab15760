import { AuthError, parseAuthConfig, type AuthConfig } from '@gatehousejs/core';
import { JWT_SETTING_VARIABLES, readJwtSettings } from './jwt-env.js';
import { secrets } from './env-secrets.js';
import { ConfigurationError, count, FALSE, flag, oneOf, origins, port, rule, TRUE, value } from './env-values.js';
import { readOperationsSettings, type OperationsSettings } from './operations-settings.js';
import { readPasswordBreachSettings, type PasswordBreachSettings } from './password-breach-env.js';
import { readSocialSettings, type SocialSettings } from './social-env.js';
import { readMfaSettings, type MfaSettings } from './mfa-env.js';

export { ConfigurationError } from './env-values.js';

/** Everything the example server reads from the environment (CONTRACT §7), parsed once. */
export interface ServerSettings {
  production: boolean;
  host: string;
  port: number;
  appUrl: string;
  databaseUrl: string;
  migrateOnStart: boolean;
  auth: AuthConfig;
  /** True when JWT secrets were generated for this process (development only). */
  ephemeralSecrets: boolean;
  smtp: { host: string; port: number; secure: boolean; user?: string; pass?: string } | undefined;
  mailFrom: string;
  /**
   * The development mail catcher: SMTP port (0 = any free port) and whether /mailhog/ is served.
   * `exposedInProduction`: served in production, as acknowledged by MAILHOG_ALLOW_IN_PRODUCTION.
   */
  devMail: { enabled: boolean; smtpPort: number; exposedInProduction: boolean };
  /** Where rate-limit counts live: `auto` picks Redis with REDIS_URL, else the SQL database, else memory. */
  rateLimitStore: 'auto' | 'memory' | 'database' | 'redis';
  redisUrl: string | undefined;
  /** Reverse proxies trusted to append to X-Forwarded-For (0: the header is ignored). */
  trustedProxyHops: number;
  /** Origins allowed to call the API from a browser (CORS); empty: same origin only. */
  corsOrigins: string[];
  bootstrapSuper: { email: string; password: string } | undefined;
  /** Timeouts, pool size, trusted proxies, shutdown deadline (see `readOperationsSettings`). */
  operations: OperationsSettings;
  /** Social sign-in (OAUTH_*, OIDC_*, STEAM_*, OAUTH_REDIRECT_ALLOWLIST), and warnings about test-only settings. */
  social: SocialSettings;
  /** PASSWORD_BREACH_CHECK, PASSWORD_BREACH_API_URL: whether new passwords are checked against Have I Been Pwned. */
  passwordBreachCheck: PasswordBreachSettings;
  /** MFA_ENCRYPTION_KEY, WEBAUTHN_RP_ID, WEBAUTHN_RP_NAME, WEBAUTHN_ORIGINS, ADMIN_REQUIRE_MFA (docs/mfa.md). */
  mfa: MfaSettings;
}

/** Which environment variable each core setting comes from, to name it in error messages. */
const AUTH_SETTING_VARIABLES: Record<string, string> = {
  accessTokenSecret: 'JWT_SECRET',
  refreshTokenSecret: 'JWT_REFRESH_SECRET',
  accessTokenTtl: 'JWT_EXPIRATION_TIME',
  refreshTokenTtl: 'JWT_REFRESH_EXPIRATION_TIME',
  sessionMaxLifetime: 'SESSION_MAX_LIFETIME',
  refreshTokenReuseInterval: 'REFRESH_TOKEN_REUSE_INTERVAL',
  jitterSeconds: 'JWT_JITTER_SECONDS',
  reauthMaxAge: 'REAUTH_MAX_AGE',
  'argon2.memoryCost': 'ARGON2_MEMORY_COST',
  'argon2.timeCost': 'ARGON2_TIME_COST',
  'argon2.parallelism': 'ARGON2_PARALLELISM',
  emailVerificationTtl: 'EMAIL_VERIFICATION_TTL',
  passwordResetTtl: 'PASSWORD_RESET_TTL',
  requireEmailVerification: 'REQUIRE_EMAIL_VERIFICATION',
  'rateLimit.enabled': 'RATE_LIMIT_ENABLED',
  'rateLimit.loginFailures.limit': 'RATE_LIMIT_LOGIN_FAILURES',
  'rateLimit.loginFailures.windowSeconds': 'RATE_LIMIT_LOGIN_FAILURES',
  'rateLimit.authRequests.limit': 'RATE_LIMIT_AUTH_REQUESTS',
  'rateLimit.authRequests.windowSeconds': 'RATE_LIMIT_AUTH_REQUESTS',
  'rateLimit.mailsPerAddress.limit': 'RATE_LIMIT_MAILS',
  'rateLimit.mailsPerAddress.windowSeconds': 'RATE_LIMIT_MAILS',
  'hashing.maxConcurrent': 'HASH_MAX_CONCURRENT',
  'passwordPolicy.minLength': 'PASSWORD_MIN_LENGTH',
  'hashing.maxQueued': 'HASH_MAX_QUEUED',
  concealRegisteredEmails: 'CONCEAL_REGISTERED_EMAILS',
  checkTokenVersion: 'CHECK_TOKEN_VERSION',
  'cookies.trustedOrigins': 'APP_URL and CORS_ORIGINS',
  ...JWT_SETTING_VARIABLES,
};

/** Any core setting name, longest first so `rateLimit.loginFailures.limit` wins over shorter names. */
const SETTING_NAMES = new RegExp(
  `\\b(?:${Object.keys(AUTH_SETTING_VARIABLES)
    .sort((a, b) => b.length - a.length)
    .map((name) => name.replaceAll('.', '\\.'))
    .join('|')})\\b`,
  'g',
);

/** Core's messages may name another setting (`must differ from accessTokenSecret`); say its variable instead. */
const inVariableNames = (message: string) => message.replace(SETTING_NAMES, (name) => AUTH_SETTING_VARIABLES[name] ?? name);

/**
 * `AUTH_COOKIES`: browser sessions in cookies (docs/browser-sessions.md). `true` for every request,
 * `false` never, and unset or `auto` for the requests that ask with `Gatehouse-Session: cookie` (the
 * demo app, the typed client in cookie mode) while API clients keep the tokens in the bodies. The
 * requests the cookie authenticates must come from the app's own origin (`APP_URL`) or one of
 * `CORS_ORIGINS`. `AUTH_COOKIES_SERVER_READABLE=true` puts the cookies at Path=/ for server-rendered
 * pages (`getSessionUser`).
 */
function cookieSettings(env: NodeJS.ProcessEnv, ownOrigins: readonly string[], corsOrigins: readonly string[]) {
  const mode = env.AUTH_COOKIES?.trim().toLowerCase() ?? '';
  if (![...TRUE, ...FALSE, '', 'auto'].includes(mode)) throw new ConfigurationError('AUTH_COOKIES must be true, false or auto.');
  return {
    enabled: mode === '' || mode === 'auto' ? ('auto' as const) : TRUE.includes(mode),
    trustedOrigins: [...ownOrigins, ...corsOrigins],
    serverReadable: flag(env, 'AUTH_COOKIES_SERVER_READABLE', false),
  };
}

function authConfig(
  env: NodeJS.ProcessEnv,
  access: string | undefined,
  refresh: string,
  cookies: ReturnType<typeof cookieSettings>,
): AuthConfig {
  const optional = (name: string) => value(env, name);
  try {
    return parseAuthConfig({
      ...(access === undefined ? {} : { accessTokenSecret: access }),
      refreshTokenSecret: refresh,
      ...readJwtSettings(env),
      accessTokenTtl: optional('JWT_EXPIRATION_TIME'),
      refreshTokenTtl: optional('JWT_REFRESH_EXPIRATION_TIME'),
      sessionMaxLifetime: optional('SESSION_MAX_LIFETIME'),
      refreshTokenReuseInterval: optional('REFRESH_TOKEN_REUSE_INTERVAL'),
      jitterSeconds: optional('JWT_JITTER_SECONDS'),
      reauthMaxAge: optional('REAUTH_MAX_AGE'),
      argon2: {
        memoryCost: optional('ARGON2_MEMORY_COST'),
        timeCost: optional('ARGON2_TIME_COST'),
        parallelism: optional('ARGON2_PARALLELISM'),
      },
      emailVerificationTtl: optional('EMAIL_VERIFICATION_TTL'),
      passwordResetTtl: optional('PASSWORD_RESET_TTL'),
      requireEmailVerification: flag(env, 'REQUIRE_EMAIL_VERIFICATION', false),
      rateLimit: {
        enabled: flag(env, 'RATE_LIMIT_ENABLED', true),
        loginFailures: rule(env, 'RATE_LIMIT_LOGIN_FAILURES'),
        authRequests: rule(env, 'RATE_LIMIT_AUTH_REQUESTS'),
        mailsPerAddress: rule(env, 'RATE_LIMIT_MAILS'),
      },
      hashing: { maxConcurrent: optional('HASH_MAX_CONCURRENT'), maxQueued: optional('HASH_MAX_QUEUED') },
      passwordPolicy: { minLength: optional('PASSWORD_MIN_LENGTH') },
      concealRegisteredEmails: flag(env, 'CONCEAL_REGISTERED_EMAILS', false),
      checkTokenVersion: flag(env, 'CHECK_TOKEN_VERSION', false),
      cookies,
    });
  } catch (error) {
    if (!(error instanceof AuthError) || !error.details) throw error;
    // `previousAccessTokenSecrets.1` is the second entry of its variable.
    const variable = (path: string) => AUTH_SETTING_VARIABLES[path] ?? AUTH_SETTING_VARIABLES[path.replace(/\.\d+$/, '')] ?? path;
    const lines = error.details.map((d) => `${variable(d.path)} ${inVariableNames(d.message)}`);
    throw new ConfigurationError(`Invalid configuration: ${lines.join('; ')}.`);
  }
}

/**
 * The mail viewer shows every mail, reset links included, to anyone who can reach it. In production
 * it is off unless enabled, and enabling it there also needs MAILHOG_ALLOW_IN_PRODUCTION=true, so
 * a copied development setting cannot publish everyone's reset tokens by itself.
 */
function devMail(env: NodeJS.ProcessEnv, production: boolean): ServerSettings['devMail'] {
  const enabled = flag(env, 'MAILHOG_ENABLED', !production);
  const smtpPort = port(env, 'MAILHOG_SMTP_PORT', 1025);
  if (!production || !enabled) return { enabled, smtpPort, exposedInProduction: false };
  if (!flag(env, 'MAILHOG_ALLOW_IN_PRODUCTION', false)) {
    throw new ConfigurationError(
      'MAILHOG_ENABLED=true in production serves every mail, password reset links included, to anyone at /mailhog/. Unset it, or set MAILHOG_ALLOW_IN_PRODUCTION=true as well if that is really meant.',
    );
  }
  return { enabled, smtpPort, exposedInProduction: true };
}

export interface ServerDefaults {
  /** The embedded SQLite file used when `DATABASE_URL` is unset (each example keeps its own). */
  databaseFile: string;
}

/**
 * Reads CONTRACT §7's variables. In production a missing or weak secret stops start-up; in
 * development missing secrets are generated for this process only (`ephemeralSecrets`).
 */
export function readServerSettings(env: NodeJS.ProcessEnv, defaults: ServerDefaults): ServerSettings {
  const production = env.NODE_ENV === 'production';
  const host = value(env, 'HOST') ?? '127.0.0.1';
  const listenPort = port(env, 'PORT', 3000);
  const appUrl = (value(env, 'APP_URL') ?? `http://localhost:${listenPort}`).replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s]+$/.test(appUrl)) throw new ConfigurationError('APP_URL must be an http(s) URL.');
  // Without APP_URL (development on this machine) the page is opened as localhost or as 127.0.0.1,
  // as the README and the start-up log say: both are the app's own origin for cookie mode's check.
  const ownOrigins = value(env, 'APP_URL')
    ? [new URL(appUrl).origin]
    : [`http://localhost:${listenPort}`, `http://127.0.0.1:${listenPort}`];
  const secret = secrets(env, production);
  const smtpHost = value(env, 'SMTP_HOST');
  const smtpUser = value(env, 'SMTP_USER');
  const smtpPass = value(env, 'SMTP_PASS');
  const bootstrapEmail = value(env, 'BOOTSTRAP_SUPER_EMAIL');
  const bootstrapPassword = env.BOOTSTRAP_SUPER_PASSWORD;
  return {
    production,
    host,
    port: listenPort,
    appUrl,
    databaseUrl: value(env, 'DATABASE_URL') ?? `sqlite:${defaults.databaseFile}`,
    migrateOnStart: flag(env, 'DB_MIGRATE_ON_START', true),
    auth: authConfig(env, secret.access, secret.refresh, cookieSettings(env, ownOrigins, origins(env, 'CORS_ORIGINS'))),
    social: readSocialSettings(env, appUrl, (message) => new ConfigurationError(message)),
    ephemeralSecrets: secret.ephemeral,
    smtp: smtpHost
      ? {
          host: smtpHost,
          port: port(env, 'SMTP_PORT', 587),
          secure: flag(env, 'SMTP_SECURE', false),
          ...(smtpUser ? { user: smtpUser } : {}),
          ...(smtpPass ? { pass: smtpPass } : {}),
        }
      : undefined,
    mailFrom: value(env, 'MAIL_FROM') ?? 'Gatehouse <no-reply@localhost>',
    devMail: devMail(env, production),
    rateLimitStore: oneOf(env, 'RATE_LIMIT_STORE', ['auto', 'memory', 'database', 'redis'] as const, 'auto'),
    redisUrl: value(env, 'REDIS_URL'),
    trustedProxyHops: count(env, 'TRUST_PROXY_HOPS', 0),
    corsOrigins: origins(env, 'CORS_ORIGINS'),
    bootstrapSuper: bootstrapEmail && bootstrapPassword ? { email: bootstrapEmail, password: bootstrapPassword } : undefined,
    operations: readOperationsSettings(env),
    passwordBreachCheck: readPasswordBreachSettings(env, (message) => new ConfigurationError(message)),
    mfa: readMfaSettings(env, appUrl, production, (message) => new ConfigurationError(message)),
  };
}
