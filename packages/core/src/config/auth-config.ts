import { z } from 'zod';
import { AuthError } from '../errors/auth-error.js';
import { DEFAULT_ARGON2ID_PARAMETERS } from '../hashing/argon2id-phc.js';
import { parseDurationSeconds } from './parse-duration.js';
import { checkTokenSettings, tokenSettingsShape } from './token-settings.js';

const duration = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const seconds = parseDurationSeconds(value);
  if (seconds === undefined || seconds === 0) {
    ctx.addIssue({ code: 'custom', message: 'must be a positive duration such as 30s, 15m, 1h, 7d or plain seconds' });
    return z.NEVER;
  }
  return seconds;
});

const integer = (min: number, max: number) =>
  z.coerce.number().int(`must be a whole number`).min(min, `must be at least ${min}`).max(max, `must be at most ${max}`);

/**
 * Parses settings with `schema`, or throws `INVALID_CONFIG` whose `details` name each setting
 * (`argon2.memoryCost`) and whose message lists them, under `prefix` (`accessTokenCache.`).
 */
export function parseSettings<S extends z.ZodType>(schema: S, input: unknown, prefix = ''): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({ path: prefix + issue.path.join('.'), message: issue.message }));
  const summary = details.map((d) => `${d.path || 'config'} ${d.message}`).join('; ');
  throw new AuthError('INVALID_CONFIG', `Invalid Gatehouse configuration: ${summary}`, details);
}

/** A whole number setting from `min` to `max`, with the message every setting of Gatehouse uses. */
export function wholeNumberSetting(min: number, max: number) {
  const message = `must be a whole number from ${min} to ${max}`;
  return z.number(message).int(message).min(min, message).max(max, message);
}

/** A rate-limit rule; `windowSeconds` takes a duration (`15m`) or seconds, like every duration here. */
const rule = (limit: number, window: string) =>
  z
    .object({ limit: integer(1, 1_000_000), windowSeconds: duration })
    .strict()
    .prefault({ limit, windowSeconds: window });

/** A browser origin as the `Origin` header sends it: scheme, host and port, no path. */
const origin = z.string().refine((value) => {
  try {
    return new URL(value).origin === value;
  } catch {
    return false;
  }
}, 'must be an origin such as https://app.example.com (scheme, host, port; no path or trailing slash)');

const schema = z
  .object({
    // Secrets, algorithm, keys for rotation, iss and aud: see token-settings.ts.
    ...tokenSettingsShape,
    accessTokenTtl: duration.prefault('1h'),
    /** Idle limit: a refresh token unused this long expires; every rotation gives a new one. */
    refreshTokenTtl: duration.prefault('7d'),
    /**
     * Absolute limit: no refresh once the session (its rotation family, started at login) is this
     * old, however often it was rotated. The user logs in again.
     */
    sessionMaxLifetime: duration.prefault('30d'),
    /**
     * Seconds during which a refresh token that was just rotated may be presented again and still
     * gives a new pair (two tabs refreshing at once), instead of counting as stolen and revoking its
     * family. Off (0) by default: within the interval a thief's replay is not detected either.
     */
    refreshTokenReuseInterval: integer(0, 300).default(0),
    jitterSeconds: integer(0, 86_400).default(60),
    /** How recent `auth_time` must be for changing the e-mail, deleting the account or a factor. */
    reauthMaxAge: duration.prefault('10m'),
    argon2: z
      .object({
        memoryCost: integer(1024, 4 * 1024 * 1024).default(DEFAULT_ARGON2ID_PARAMETERS.memoryCost),
        timeCost: integer(1, 100).default(DEFAULT_ARGON2ID_PARAMETERS.timeCost),
        parallelism: integer(1, 64).default(DEFAULT_ARGON2ID_PARAMETERS.parallelism),
      })
      .prefault({}),
    emailVerificationTtl: duration.prefault('24h'),
    passwordResetTtl: duration.prefault('1h'),
    requireEmailVerification: z.boolean().default(false),
    rateLimit: z
      .object({
        enabled: z.boolean().default(true),
        /** Failed logins per account and client address; then 429 until the window ends. */
        loginFailures: rule(5, '15m'),
        /**
         * Consecutive failed logins per account from all clients together (NIST SP 800-63B-4
         * §3.2.2: at most 100); then password login for the account is refused until a password
         * reset, or until the window (the cool-down) ends.
         * Reset links, social sign-in and passkeys are not counted and keep working.
         */
        accountLoginFailures: rule(100, '24h'),
        /** Requests per client address on the public auth routes. */
        authRequests: rule(60, '1m'),
        /** Verification and reset mails per address. */
        mailsPerAddress: rule(3, '1h'),
      })
      .strict()
      .prefault({}),
    hashing: z
      .object({
        /**
         * Hashes handed to the hasher at once; each takes about `argon2.memoryCost` KiB while it is
         * computed. Unset: the hasher's `capacity` (a worker pool's), else 4.
         */
        maxConcurrent: integer(1, 1024).optional(),
        /** Hashes waiting for a slot; beyond that requests get 503 with Retry-After. */
        maxQueued: integer(0, 100_000).default(64),
      })
      .strict()
      .prefault({}),
    /**
     * Passwords chosen at registration, reset, change and bootstrap: the fewest code points (after
     * NFKC) they need, 8 by default, 15 where the password is the only factor (NIST SP 800-63B-4
     * §3.1.1.2), and the service's name, refused in passwords with the account's own words.
     */
    passwordPolicy: z
      .object({
        minLength: integer(8, 64).default(8),
        serviceName: z.string().min(1).max(100).default('Gatehouse'),
      })
      .strict()
      .prefault({}),
    /** Opt-in: registering a taken e-mail answers like a success and mails the owner instead of 409. */
    concealRegisteredEmails: z.boolean().default(false),
    /**
     * Browser sessions in cookies (docs/browser-sessions.md): the refresh token travels in an
     * HttpOnly, Secure, SameSite=Strict cookie instead of the body, and a request the cookie
     * authenticates must come from one of `trustedOrigins` (the app's own origin and its CORS
     * origins). `enabled: true` for every request, `'auto'` for the requests that ask for it with
     * `Gatehouse-Session: cookie` (browsers; other clients keep the tokens in the bodies), `false`
     * never. Truthy means "cookies may be in play" (CORS with credentials, the demo page); whether
     * one answer uses them is `usesCookies` in `@gatehousejs/http`. `serverReadable` puts both
     * cookies at Path=/ for server-rendered pages.
     */
    cookies: z
      .object({
        enabled: z.union([z.boolean(), z.literal('auto')], "must be true, false or 'auto'").default(false),
        trustedOrigins: z.array(origin).default([]),
        serverReadable: z.boolean().default(false),
      })
      .strict()
      .prefault({})
      .refine((c) => c.enabled === false || c.trustedOrigins.length > 0, {
        path: ['trustedOrigins'],
        message: "must list the app's own origin when cookies are enabled",
      }),
    /** Opt-in: every access token is checked against the user's token version (one store read). */
    checkTokenVersion: z.boolean().default(false),
  })
  .strict()
  .superRefine(checkTokenSettings);

/** Settings as written by the app: durations as `15m` or seconds, everything but secrets optional. */
export type AuthConfigInput = z.input<typeof schema>;

/** Settings after parsing: durations in whole seconds, defaults filled, frozen. */
export type AuthConfig = Readonly<z.output<typeof schema>>;

/**
 * Parses settings once, eagerly. A wrong or weak value throws an `AuthError` `INVALID_CONFIG` whose
 * `details` name each setting (`argon2.memoryCost`), so an app can map them to its own variable names.
 *
 * @example
 * const config = parseAuthConfig({ accessTokenSecret: a, refreshTokenSecret: b, accessTokenTtl: '15m' });
 */
export function parseAuthConfig(input: AuthConfigInput): AuthConfig {
  const result = parseSettings(schema, input);
  const { argon2, rateLimit, hashing, passwordPolicy, cookies } = result;
  return Object.freeze({
    ...result,
    passwordPolicy: Object.freeze({ ...passwordPolicy }),
    argon2: Object.freeze({ ...argon2 }),
    rateLimit: Object.freeze({ ...rateLimit }),
    hashing: Object.freeze({ ...hashing }),
    cookies: Object.freeze({ ...cookies, trustedOrigins: [...cookies.trustedOrigins] }),
  });
}
