import type { AddressInfo } from 'node:net';
import { createServer, type RequestListener, type Server } from 'node:http';
import { AuthError, createAuth, maskEmail, type Auth } from '@gatehousejs/core';
import type { AuthStore, Clock } from '@gatehousejs/core/ports';
import { toErrorResponse } from '@gatehousejs/http';
import { ConfigurationError, type ServerSettings } from './env-config.js';
import { MISSING_MFA_KEY } from './mfa-env.js';
import { consoleLogger, describeError, type Logger } from './logger.js';
import { openHasher } from './open-hasher.js';
import { openMail, type MailSetup } from './open-mail.js';
import { openRateLimiter } from './open-rate-limiter.js';
import { openStore } from './open-store.js';
import { JWT_SETTING_VARIABLES } from './jwt-env.js';
import { listenFailure } from './start-up-failure.js';
import { createDraining, withApiHeaders } from '@gatehousejs/http/node';
import { createPwnedPasswordsRange } from './pwned-passwords-range.js';

export interface RunningServer {
  /** Base URL the server listens on, e.g. `http://127.0.0.1:3000`. */
  url: string;
  port: number;
  auth: Auth;
  store: AuthStore;
  mail: MailSetup;
  /**
   * Graceful shutdown (`auth.shutdown`): readiness turns 503, the server stops accepting, answers
   * the requests in flight with `Connection: close` and closes idle keep-alive sockets; then the
   * hashes and background mail under way finish and the hasher, the mailer and the store's pool
   * close; then the mail catcher and Redis. The caller bounds it with `SHUTDOWN_TIMEOUT` (see
   * `runFromEnvironment`).
   */
  close(): Promise<void>;
  /** Requests being answered now (for the log line when the shutdown deadline passes). */
  inFlight(): number;
}

/** Listens on HOST:PORT; a busy port or a foreign address rejects with a `ConfigurationError` naming them. */
function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const fail = (error: Error) => reject(listenFailure(error, host, port) ?? error);
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/**
 * Only request targets in origin form (`/path?query`, RFC 9112 §3.2.1) reach the app. Others (`*`,
 * `/api/v1\\users\\me`, an absolute URL) are a 400 with the contract's error body here, the same
 * for every framework: Hono's Node server answered them with an empty 400 without headers, and
 * Express routed a backslash path as a path.
 */
function originFormOnly(listener: RequestListener): RequestListener {
  return (req, res) => {
    const target = req.url ?? '';
    if (target.startsWith('/') && !target.includes('\\')) {
      listener(req, res);
      return;
    }
    const body = JSON.stringify(toErrorResponse(new AuthError('REQUEST_TARGET_INVALID')).body);
    res.writeHead(400, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
    res.end(body);
  };
}

/**
 * The start-up line when `BOOTSTRAP_SUPER_EMAIL` names an account that already existed and was not
 * yet exactly that super user: someone may have registered the address first, so it was taken over
 * as a password reset does it.
 */
export const BOOTSTRAP_TAKE_OVER_LINE =
  'BOOTSTRAP_SUPER_EMAIL names an account that already existed: it was taken over (password set, every session and reset link of it revoked) and made super';

/** How often the example deletes ended tokens and rate-limit windows (`auth.pruneEndedRecords`). */
const PRUNE_INTERVAL_MS = 10 * 60_000;

/** What a framework needs to build the example app. */
export interface AppParts {
  auth: Auth;
  log: Logger;
  /** Serve the development mail viewer at /mailhog from this catcher, when set. */
  mailViewer: MailSetup['viewerCatcher'];
  /**
   * Reverse proxies trusted for X-Forwarded-For (by address, or a hop count). The request id,
   * security headers and CORS are set below the app, once for every framework (`withApiHeaders`).
   */
  http: Pick<ServerSettings, 'trustedProxyHops'> & { trustedProxies: string[] };
}

/** Builds the HTTP app (Express, Hono, …) as a Node request listener; a framework that starts asynchronously (Nest) returns a promise of it. */
export type CreateListener = (parts: AppParts) => RequestListener | Promise<RequestListener>;

/**
 * Starts the whole example service from parsed settings: store, mail, core, bootstrap user, and
 * the HTTP app that `createListener` builds. Used by each example's `main.ts` and by the tests.
 */
export async function startServer(
  settings: ServerSettings,
  createListener: CreateListener,
  log: Logger = consoleLogger,
  /** Tests only: the clock the flows read (an exchange code's expiry is checked without waiting). */
  overrides: { clock?: Clock } = {},
): Promise<RunningServer> {
  if (settings.ephemeralSecrets) {
    log.warn(
      'JWT_SECRET / JWT_REFRESH_SECRET are not set: using secrets generated for this process only. Tokens die with the process. Set both (32+ characters) to keep sessions across restarts; production refuses to start without them.',
    );
  }
  // What is open so far, closed in reverse if a later step fails, so a failed start leaves nothing running.
  const opened: Array<() => Promise<void>> = [];
  try {
    const { operations } = settings;
    const store = await openStore(settings.databaseUrl, {
      migrate: settings.migrateOnStart,
      ...operations.database,
      // An idle connection lost (the server restarted): one line; the pool opens a new one.
      onConnectionError: (error) => log.warn('database connection lost', { reason: error.message }),
    });
    opened.push(() => store.close());
    const mail = await openMail(settings, log);
    opened.push(() => mail.close());
    const hashing = await openHasher(settings.auth.argon2, log);
    opened.push(() => hashing.close());
    const limits = await openRateLimiter(settings, store, log);
    opened.push(() => limits.close());
    const auth = createAuth({
      config: settings.auth,
      hasher: hashing.hasher,
      store,
      mailer: mail.mailer,
      rateLimiter: limits.limiter,
      ...(limits.revocationFeed ? { revocation: { feed: limits.revocationFeed } } : {}),
      ...(settings.passwordBreachCheck.enabled ? { breachedPasswords: createPwnedPasswordsRange(settings.passwordBreachCheck) } : {}),
      // The audit trail: one JSON line per event; events carry masked addresses and no secrets.
      onEvent: (event) => {
        log.info('audit', { ...event, at: event.at.toISOString() });
        // A take-over at start-up is something the operator must see, not only the audit trail.
        if (event.type === 'super.bootstrapped' && event.detail?.outcome === 'taken-over') {
          log.warn(BOOTSTRAP_TAKE_OVER_LINE, { userId: event.userId, email: event.email });
        }
      },
      onBackgroundError: (failure) =>
        log.error('background task failed', {
          requestId: failure.requestId,
          operation: failure.operation,
          userId: failure.userId,
          ...describeError(failure.error),
        }),
      ...(settings.social.config ? { social: settings.social.config } : {}),
      mfa: settings.mfa.config,
      // The reason a provider failed, for the operator; the browser only learns `provider_error`.
      onProviderError: (provider, error, request) =>
        log.warn('social sign-in failed at the provider', { requestId: request?.requestId, provider, ...describeError(error) }),
      ...(overrides.clock ? { clock: overrides.clock } : {}),
      // `GET /api/v1/health/ready` (mounted with the library's user routes) gives each dependency this long.
      readiness: { timeoutMs: operations.readinessTimeoutMs },
    });
    for (const warning of settings.social.warnings) log.warn(warning);
    for (const warning of settings.mfa.warnings) log.warn(warning);
    if (settings.mfa.keyMissing && (await store.totpFactors.hasConfirmedTotpFactors())) throw new ConfigurationError(MISSING_MFA_KEY);
    // Signing keys are imported now: a key only Web Crypto can refuse stops start-up, not the first login.
    await auth.jwks().catch((error: unknown) => {
      const detail = error instanceof AuthError ? error.details?.[0] : undefined;
      if (!detail) throw error;
      throw new ConfigurationError(`Invalid configuration: ${JWT_SETTING_VARIABLES[detail.path] ?? detail.path} ${detail.message}.`);
    });

    if (settings.bootstrapSuper) {
      const superUser = await auth
        .ensureSuperUser(settings.bootstrapSuper, { email: 'BOOTSTRAP_SUPER_EMAIL', password: 'BOOTSTRAP_SUPER_PASSWORD' })
        .catch((error: unknown) => {
          // The bootstrap credentials are settings: core's one sentence names the variable to fix, never its value.
          throw error instanceof AuthError && error.code === 'INVALID_CONFIG' ? new ConfigurationError(error.message) : error;
        });
      log.info('bootstrap super user ready', { userId: superUser.id, email: maskEmail(settings.bootstrapSuper.email) });
    }

    const http = {
      trustedProxyHops: settings.trustedProxyHops,
      trustedProxies: operations.trustedProxies,
    };
    const app = await createListener({ auth, log, mailViewer: mail.viewerCatcher, http });
    const draining = createDraining(
      withApiHeaders(app, { corsOrigins: settings.corsOrigins, credentials: settings.auth.cookies.enabled !== false }),
    );
    const server = createServer(originFormOnly(draining.listener));
    // A slow client must not hold a connection forever.
    server.requestTimeout = 30_000;
    server.headersTimeout = 10_000;
    const port = await listen(server, settings.host, settings.port);
    const url = `http://${settings.host.includes(':') ? `[${settings.host}]` : settings.host}:${port}`;
    log.info('gatehouse example server listening', {
      url,
      store: settings.databaseUrl.split(':')[0],
      mail: mail.description,
      rateLimits: settings.auth.rateLimit.enabled ? limits.description : 'off',
    });
    // Only now: before the server listens, the viewer's URL may point at a port someone else holds.
    if (mail.viewerCatcher) {
      const { host, port: smtpPort } = mail.viewerCatcher;
      log.info('development mail catcher: mail is caught in-process', {
        smtp: `${host}:${smtpPort}`,
        viewer: `${settings.appUrl}/mailhog/`,
      });
    }

    // Housekeeping: ended tokens and rate-limit windows are deleted every 10 minutes (and once now).
    const prune = () =>
      void auth
        .pruneEndedRecords()
        .then((deleted) => log.info('pruned ended records', { ...deleted }))
        .catch((error: unknown) => log.error('pruning ended records failed', describeError(error)));
    prune();
    const pruning = setInterval(prune, PRUNE_INTERVAL_MS);
    pruning.unref();

    let closing: Promise<void> | undefined;
    return {
      url,
      port,
      auth,
      store,
      mail,
      inFlight: draining.inFlight,
      close: () =>
        (closing ??= (async () => {
          clearInterval(pruning);
          await auth.shutdown(() => draining.drain(server));
          // What auth does not own: the mail catcher, and the Redis connections of the limiter.
          await mail.close();
          await limits.close();
        })()),
    };
  } catch (error) {
    for (const close of opened.reverse()) await close().catch(() => {});
    throw error;
  }
}
