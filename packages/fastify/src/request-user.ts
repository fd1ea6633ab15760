import type { AccessTokenPayload, Role } from '@gatehousejs/core';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller the Gatehouse guard verified; `undefined` on a public route. Typed with the registered role set (`Register`). */
    user: AccessTokenPayload | undefined;
  }
  interface FastifyContextConfig {
    /** Open to anyone: the Gatehouse guard skips the token. Only routes that say so are public. */
    public?: boolean;
    /** The caller needs one of these roles (OR, through the role hierarchy); 403 otherwise. Typed with the registered role set (`Register`). */
    roles?: readonly Role[];
    /** The caller needs every one of these roles (AND, beyond the spec); 403 otherwise. Typed as `roles`. */
    allRoles?: readonly Role[];
    /** Also an account whose address is not confirmed yet, under `requireEmailVerification`. */
    unconfirmedAllowed?: boolean;
  }
}
