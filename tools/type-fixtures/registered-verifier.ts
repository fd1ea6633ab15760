// Imported only by the adapters' verifier-roles fixtures, each compiled alone (tools/compile-alone.ts):
// the `Register` augmentation below changes `Role` for every file of the program it is in.
import { createJwksVerifier } from '@gatehousejs/http';

/** A resource service's verifier, told the issuer's role set (with a role beyond the spec's four). */
export const verifier = createJwksVerifier({
  jwksUrl: 'https://auth.example.com/api/v1/auth/jwks',
  roles: ['super', 'admin', 'manager', 'user', 'editor'] as const,
});

declare module '@gatehousejs/core' {
  interface Register {
    auth: typeof verifier;
  }
}

/** The registered verifier's roles, as the fixtures expect the adapters' types to be. */
export type AppRole = 'super' | 'admin' | 'manager' | 'user' | 'editor';
export type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
