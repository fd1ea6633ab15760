import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AccessVerifier, ErrorLog, KernelOptions, ResetPasswordPageOptions } from '@gatehousejs/http';

/**
 * The options of `GatehouseModule.forRoot`: the `auth` instance, where the library's routes are
 * mounted, and the kernel's settings (body limit, pages, the proxy setting).
 */
export interface GatehouseModuleOptions extends KernelOptions {
  /**
   * The instance from `createAuth()`; in a resource service, a JWKS verifier (`createJwksVerifier`):
   * the same guard from the issuer's public keys alone, without the library's routes.
   */
  auth: AccessVerifier;
  /** Where the auth and social routes of CONTRACT §1 are served; `false`: not served. Default `/api/v1/auth`. */
  authPath?: string | false | undefined;
  /** Where the user routes of CONTRACT §8 are served; `false`: not served. Default `/api/v1`. */
  userPath?: string | false | undefined;
  /** Browser origins allowed by CORS on `/api` (exact matches, never `*`). Default: none. */
  corsOrigins?: readonly string[] | undefined;
  /** `Cache-Control: no-store` and `X-Content-Type-Options: nosniff` on every `/api` answer. Default `true`. */
  securityHeaders?: boolean | undefined;
  /** Serves the page the password-reset mail links to (`/reset-password`). Default: not served. */
  resetPasswordPage?: boolean | ResetPasswordPageOptions | undefined;
  /** The app's id for a request (its `X-Request-Id`), for the audit events of the library's routes. Default: none. */
  requestId?: ((message: IncomingMessage, response: ServerResponse) => string | undefined) | undefined;
  /** Where unexpected errors (500) and unavailable dependencies (503) are logged. Default: `console.error`. */
  log?: ErrorLog | undefined;
}

/** The injection token of the options (`@Inject(GATEHOUSE_OPTIONS)`). */
export const GATEHOUSE_OPTIONS = Symbol.for('gatehouse.nestjs.options');
/** The injection token of the kernel (with a verifier, its admission) the guard, the filter and the routes share. */
export const GATEHOUSE_KERNEL = Symbol.for('gatehouse.nestjs.kernel');
