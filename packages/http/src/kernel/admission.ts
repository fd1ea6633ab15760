import { AuthError, type AccessTokenPayload, type Auth, type RequestContext, type RolePolicy } from '@gatehousejs/core';
import { readBearerToken } from '../rules/bearer-token.js';
import { toErrorResponse, type ErrorLog } from '../rules/http-error.js';
import { DEFAULT_BODY_LIMIT_BYTES } from '../rules/json-body.js';
import { assertPathEncoding } from '../rules/request-path.js';
import type { Exchange } from './exchange.js';
import { clientAddressReader, type ProxySetting } from './proxy-setting.js';
import { readRequestBody, type BodyKind } from './request-body.js';
import type { Access, RouteRule } from './route-rule.js';

/**
 * What admission needs of whoever vouches for tokens: the token check and the role check. An `Auth`
 * is one (the issuer); `createJwksVerifier` is another (a resource service with only the issuer's
 * public keys: no database, no secret, no way to mint a token).
 */
export interface AccessVerifier {
  /** The token's payload; rejects with the contract's 401 (or 403 / 503) `AuthError`. */
  verifyAccessToken(token: string, options?: { allowUnconfirmed?: boolean }): Promise<AccessTokenPayload<string>>;
  /** The role check `roles(…)` applies, deny by default (the role set and its hierarchy). */
  readonly roles: Pick<RolePolicy<string>, 'satisfies'>;
}

/**
 * Whether `verifier` is a whole `Auth` (the issuer, whose auth and user routes an adapter serves)
 * rather than a verifier of its tokens alone, such as `createJwksVerifier`'s: the adapters that
 * take either in one place (Fastify's plugin, Nest's module, the web-standard handler) mount the
 * library's routes only for an issuer.
 */
export function isIssuer(verifier: AccessVerifier): verifier is Auth<string> {
  const auth = verifier as Partial<Auth<string>>;
  return typeof auth.login === 'function' && typeof auth.refresh === 'function' && auth.config !== undefined;
}

export interface AdmissionOptions extends ProxySetting {
  /** Bodies over this many bytes are refused with 413 (default 16 KiB, CONTRACT §2). */
  bodyLimitBytes?: number | undefined;
  /**
   * Where the kernel says, once, that the adapter could not tell a client's address (per-client
   * rate limits then do not apply, and every caller would share one lockout). Default: `console.warn`.
   */
  warn?: ((message: string) => void) | undefined;
}

export type { Access };

/** What admission found: the verified caller (none on a public route) and the body after the rules. */
export interface Admitted {
  user: AccessTokenPayload<string> | undefined;
  body: unknown;
}

/**
 * The part of the kernel an adapter's deny-by-default guard needs: admission, the caller and the
 * error answer. Every `Kernel` is one; `createAdmission` builds one from a verifier alone.
 */
export interface Admission {
  /** Who vouches for tokens and roles here. */
  readonly verifier: AccessVerifier;
  /**
   * Admission for an app's own route behind the adapter's deny-by-default guard: the path must be
   * validly encoded (400), the token valid unless `access` is `public` (401), then the body rules.
   */
  admit(exchange: Exchange<unknown>, access: Access, body?: BodyKind | 'none'): Promise<Admitted>;
  /**
   * `admit` for a route whose annotations the adapter compiled with `routeRule`: then its role
   * requirements, each checked by the verifier's role policy (403 `INSUFFICIENT_ROLE`).
   */
  admitRoute(exchange: Exchange<unknown>, rule: RouteRule, body?: BodyKind | 'none'): Promise<Admitted>;
  /** The caller as core needs it: the client's address (through trusted proxies) and the request id. */
  client(exchange: Exchange<unknown>): RequestContext;
  /** Answers anything thrown with the contract's error body (`toErrorResponse`); 5xx go to `log`. */
  answerError<R>(exchange: Exchange<R>, error: unknown, log?: ErrorLog): R;
}

/** The sentence said once when an exchange has no peer address. */
export const UNKNOWN_PEER_WARNING =
  'Gatehouse cannot tell the client address of requests on this server (the adapter found no peer address): ' +
  'per-client rate limits do not apply and the audit trail has no addresses. On Hono outside Node, pass getConnInfo ' +
  '(hono/bun, hono/deno, hono/cloudflare-workers); behind a proxy that sets X-Forwarded-For, set trustedProxyHops.';

const ALLOW_UNCONFIRMED = Object.freeze({ allowUnconfirmed: true });
const NO_REQUIREMENTS: RouteRule['requirements'] = Object.freeze([]);
export const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Admission from `verifier` alone: what `createKernel` builds on, and what a resource service's
 * guard uses with a JWKS verifier. The options are parsed here, once: a wrong proxy address fails
 * at start.
 *
 * @example
 * const admission = createAdmission(createJwksVerifier({ jwksUrl, issuer, audience }));
 * const { user } = await admission.admit(exchange, 'protected', 'none');
 */
export function createAdmission(verifier: AccessVerifier, options: AdmissionOptions = {}): Admission {
  const limit = options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES;
  const clientAddress = clientAddressReader(options);

  let warned = false;
  const client = (exchange: Exchange<unknown>): RequestContext => {
    const address = clientAddress(exchange.peerAddress, exchange.header('x-forwarded-for'));
    if (address === undefined && !warned) {
      warned = true;
      (options.warn ?? console.warn)(UNKNOWN_PEER_WARNING);
    }
    return { clientAddress: address, userAgent: exchange.header('user-agent'), requestId: exchange.requestId };
  };

  // One async step, awaiting only what is pending: on a cached token `verifyAccessToken` answers a
  // settled promise, and a GET or HEAD has no body to read (docs/performance.md, "The guard path").
  const admitTo = async (
    exchange: Exchange<unknown>,
    access: Access,
    requirements: RouteRule['requirements'],
    body: BodyKind | 'none',
  ): Promise<Admitted> => {
    assertPathEncoding(exchange.path);
    // The token before the body: an anonymous caller's body is never read on a protected route.
    const user =
      access === 'public'
        ? undefined
        : await verifier.verifyAccessToken(
            readBearerToken(exchange.header('authorization')),
            access === 'unconfirmed-allowed' ? ALLOW_UNCONFIRMED : undefined,
          );
    const read = body === 'none' ? undefined : readRequestBody(exchange, body, limit);
    const admitted: Admitted = { user, body: read instanceof Promise ? await read : read };
    const held = user?.roles ?? [];
    for (const requirement of requirements) {
      if (!verifier.roles.satisfies(held, requirement)) throw new AuthError('INSUFFICIENT_ROLE');
    }
    return admitted;
  };

  return {
    verifier,
    admit: (exchange, access, body = 'json') => admitTo(exchange, access, NO_REQUIREMENTS, body),
    admitRoute: (exchange, rule, body = 'json') => admitTo(exchange, rule.access, rule.requirements, body),
    client,
    answerError(exchange, error, log) {
      const { status, body, headers } = toErrorResponse(error, log);
      return exchange.send({ status, headers: { ...headers, 'Content-Type': JSON_TYPE }, body: JSON.stringify(body) });
    },
  };
}
