import { z } from 'zod';
import { parseSettings } from '../config/auth-config.js';
import { checkTokenSettings, tokenSettingsShape } from '../config/token-settings.js';
import { loadKeyRing } from './key-ring.js';
import type { JsonWebKeySet } from './public-jwk.js';

const schema = z
  .object({
    accessTokenAlgorithm: tokenSettingsShape.accessTokenAlgorithm,
    accessTokenPrivateKey: tokenSettingsShape.accessTokenPrivateKey,
    previousAccessTokenKeys: tokenSettingsShape.previousAccessTokenKeys,
  })
  .strict();

export type KeySetSettings = z.input<typeof schema>;

// Under HS256 the ring needs a current secret; this one is never used, and secrets are never listed.
const UNUSED_SECRET = 'an HS256 secret that is never published nor used';

/**
 * The JWKS an issuer with these settings publishes, without starting it: `gatehouse keys jwks`
 * prints it for a gateway's static configuration, or to check a rotation before it goes live.
 * Throws `INVALID_CONFIG` naming the setting, as `createAuth` would.
 *
 * @example
 * const { keys } = await publicKeySet({ accessTokenAlgorithm: 'EdDSA', accessTokenPrivateKey: pem });
 */
export async function publicKeySet(settings: KeySetSettings): Promise<JsonWebKeySet> {
  const parsed = parseSettings(
    schema.superRefine((c, ctx) =>
      checkTokenSettings(
        {
          ...c,
          accessTokenSecret: c.accessTokenAlgorithm === 'HS256' ? UNUSED_SECRET : undefined,
          refreshTokenSecret: '',
          previousAccessTokenSecrets: [],
        },
        ctx,
      ),
    ),
    settings,
  );
  const ring = await loadKeyRing({ ...parsed, accessTokenSecret: UNUSED_SECRET });
  return { keys: ring.jwks.keys.map((key) => ({ ...key })) };
}
