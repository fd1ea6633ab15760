import { generateSigningKey, isAuthError, publicKeySet, type SigningAlgorithm } from '@gatehousejs/core';
import { CliFailure, EXIT, type CliIo } from '../cli-io.js';
import type { Command } from './command.js';

const ALGORITHMS = ['EdDSA', 'ES256', 'RS256'] as const;

/** `--alg eddsa` or `EdDSA`: the algorithm's own spelling, whatever the case typed. */
function algorithm(value: unknown): (typeof ALGORITHMS)[number] {
  const alg = ALGORITHMS.find((a) => a.toLowerCase() === String(value ?? 'EdDSA').toLowerCase());
  if (!alg) throw new CliFailure(`Unknown --alg "${value}": use EdDSA, ES256 or RS256.`, EXIT.usage);
  return alg;
}

async function generate(io: CliIo, values: Record<string, unknown>) {
  const alg = algorithm(values.alg);
  const format = String(values.format ?? 'jwk').toLowerCase();
  if (format !== 'jwk' && format !== 'pem') throw new CliFailure(`Unknown --format "${values.format}": use jwk or pem.`, EXIT.usage);
  const key = await generateSigningKey(alg);
  // The key on stdout alone, so `gatehouse keys generate > key.json` holds nothing else; the rest on stderr.
  io.out(format === 'jwk' ? JSON.stringify(key.privateJwk) : key.privatePem.trimEnd());
  io.err(`kid ${key.kid} (${alg}). This is a private key: store it as a secret (JWT_PRIVATE_KEY), never in the repository.`);
  io.err(`Public half, for JWT_PREVIOUS_KEYS on instances not yet updated: ${JSON.stringify(key.publicJwk)}`);
}

/** The JWT_* variables of the example servers, read the same way. */
async function jwks(io: CliIo) {
  const env = io.env;
  const raw = env.JWT_ALGORITHM?.trim();
  const alg = raw ? (['HS256', ...ALGORITHMS] as const).find((a) => a.toLowerCase() === raw.toLowerCase()) : 'HS256';
  if (!alg) throw new CliFailure('JWT_ALGORITHM must be one of HS256, EdDSA, ES256, RS256.', EXIT.usage);
  const privateKey = env.JWT_PRIVATE_KEY?.trim() || undefined;
  const previous = env.JWT_PREVIOUS_KEYS?.trim() || undefined;
  try {
    const set = await publicKeySet({
      accessTokenAlgorithm: alg as SigningAlgorithm,
      ...(privateKey ? { accessTokenPrivateKey: privateKey } : {}),
      ...(previous ? { previousAccessTokenKeys: previous } : {}),
    });
    io.out(JSON.stringify(set, null, 2));
  } catch (error) {
    if (!isAuthError(error)) throw error;
    const names: Record<string, string> = {
      accessTokenPrivateKey: 'JWT_PRIVATE_KEY',
      previousAccessTokenKeys: 'JWT_PREVIOUS_KEYS',
      accessTokenAlgorithm: 'JWT_ALGORITHM',
    };
    const lines = error.details?.map((d) => `${names[d.path] ?? d.path} ${d.message}`) ?? [error.message];
    throw new CliFailure(`Cannot read the keys: ${lines.join('; ')}.`, EXIT.usage);
  }
}

export const keys: Command = {
  name: 'keys',
  summary: 'Make a signing key for access tokens, or print the public JWKS of the configured ones.',
  usage: [
    'gatehouse keys generate [--alg EdDSA|ES256|RS256] [--format jwk|pem]   a new private key on stdout (default EdDSA, JWK); its kid on stderr',
    'gatehouse keys jwks                                                     the JWKS that JWT_ALGORITHM, JWT_PRIVATE_KEY and JWT_PREVIOUS_KEYS publish',
    'No database is needed. See docs/keys.md for the rotation runbook.',
  ],
  options: { alg: { type: 'string' }, format: { type: 'string' } },
  positionals: { min: 1, max: 1 },
  async run(io, { values, positionals }) {
    const [action] = positionals;
    if (action === 'generate') return generate(io, values);
    if (action === 'jwks') {
      if (values.alg !== undefined || values.format !== undefined) throw new CliFailure('keys jwks takes no options.', EXIT.usage);
      return jwks(io);
    }
    throw new CliFailure(`Unknown action "${action}": use generate or jwks.`, EXIT.usage);
  },
};
