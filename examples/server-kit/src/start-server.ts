import type { AddressInfo } from 'node:net';
import { createServer, type RequestListener, type Server } from 'node:http';
import { createAuth, type Auth, type AuthStore } from '@gatehouse/core';
import type { ServerSettings } from './env-config.js';
import { consoleLogger, describeError, maskEmail, type Logger } from './logger.js';
import { openHasher } from './open-hasher.js';
import { openMail, type MailSetup } from './open-mail.js';
import { openRateLimiter } from './open-rate-limiter.js';
import { openStore } from './open-store.js';
import { listenFailure } from './start-up-failure.js';

export interface RunningServer {
  /** Base URL the server listens on, e.g. `http://127.0.0.1:3000`. */
  url: string;
  port: number;
  auth: Auth;
  store: AuthStore;
  mail: MailSetup;
  /** Stops accepting requests, lets background mail finish, then closes the mail catcher and the store's pool. */
  close(): Promise<void>;
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

/** What a framework needs to build the example app. */
export interface AppParts {
  auth: Auth;
  log: Logger;
  /** Serve the development mail viewer at /mailhog from this catcher, when set. */
  mailViewer: MailSetup['viewerCatcher'];
  /** Reverse proxies trusted for X-Forwarded-For, and browser origins allowed by CORS. */
  http: Pick<ServerSettings, 'trustedProxyHops' | 'corsOrigins'>;
}

/** Builds the HTTP app (Express, Hono, …) as a Node request listener. */
export type CreateListener = (parts: AppParts) => RequestListener;

/**
 * Starts the whole example service from parsed settings: store, mail, core, bootstrap user, and
 * the HTTP app that `createListener` builds. Used by each example's `main.ts` and by the tests.
 */
export async function startServer(settings: ServerSettings, createListener: CreateListener, log: Logger = consoleLogger): Promise<RunningServer> {
  if (settings.ephemeralSecrets) {
    log.warn('JWT_SECRET / JWT_REFRESH_SECRET are not set: using secrets generated for this process only. Tokens die with the process. Set both (32+ characters) to keep sessions across restarts; production refuses to start without them.');
  }
  // What is open so far, closed in reverse if a later step fails, so a failed start leaves nothing running.
  const opened: Array<() => Promise<void>> = [];
  try {
    const store = await openStore(settings.databaseUrl, { migrate: settings.migrateOnStart });
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
      // The audit trail: one JSON line per event; events carry masked addresses and no secrets.
      onEvent: (event) => log.info('audit', { ...event, at: event.at.toISOString() }),
      onBackgroundError: (failure) =>
        log.error('background task failed', { operation: failure.operation, userId: failure.userId, ...describeError(failure.error) }),
    });

    if (settings.bootstrapSuper) {
      const superUser = await auth.ensureSuperUser(settings.bootstrapSuper);
      log.info('bootstrap super user ready', { userId: superUser.id, email: maskEmail(superUser.email) });
    }

    const http = { trustedProxyHops: settings.trustedProxyHops, corsOrigins: settings.corsOrigins };
    const server = createServer(createListener({ auth, log, mailViewer: mail.viewerCatcher, http }));
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
      log.info('development mail catcher: mail is caught in-process', { smtp: `${host}:${smtpPort}`, viewer: `${settings.appUrl}/mailhog/` });
    }

    let closing: Promise<void> | undefined;
    return {
      url,
      port,
      auth,
      store,
      mail,
      close: () =>
        (closing ??= (async () => {
          await new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeIdleConnections();
          });
          // Mails started by the last requests still need the mailer and the store.
          await auth.whenIdle();
          await mail.close();
          await store.close();
          await hashing.close();
          await limits.close();
        })()),
    };
  } catch (error) {
    for (const close of opened.reverse()) await close().catch(() => {});
    throw error;
  }
}
