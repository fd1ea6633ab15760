import { z } from 'zod';
import { API_SCHEMAS } from './response-schemas.js';

/** One public key of `GET /auth/jwks` (RFC 7517): never a private member, never a secret. */
const publicJwk = z
  .object({
    kty: z.enum(['OKP', 'EC', 'RSA']),
    kid: z.string(),
    alg: z.enum(['EdDSA', 'ES256', 'RS256']),
    use: z.literal('sig'),
    crv: z.string().optional(),
    x: z.string().optional(),
    y: z.string().optional(),
    n: z.string().optional(),
    e: z.string().optional(),
  })
  .strict();

export const jsonWebKeySet = z.object({ keys: z.array(publicJwk) }).strict();

API_SCHEMAS.add(jsonWebKeySet, {
  id: 'JsonWebKeySet',
  description: 'The public keys that verify access tokens, current first; empty when only HS256 secrets are configured.',
});
