import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;

/** The few CBOR items WebAuthn needs (RFC 8949 §3: unsigned and negative integers, bytes, text, maps). */
function cbor(value: Cbor): Buffer {
  const head = (major: number, length: number): Buffer => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
    const out = Buffer.alloc(3);
    out[0] = (major << 5) | 25;
    out.writeUInt16BE(length, 1);
    return out;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const parts = [head(5, value.size)];
  for (const [key, item] of value) parts.push(cbor(key), cbor(item));
  return Buffer.concat(parts);
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

export interface SoftwareAuthenticatorOptions {
  /** The RP ID the authenticator thinks it is talking to (its hash goes into authenticator data). */
  rpId: string;
  /** The origin the "browser" puts into clientDataJSON. */
  origin: string;
  /** Whether it verifies the user (the UV flag); default true. */
  userVerification?: boolean;
  /** A synced passkey (backup eligible and backed up); default false: a device-bound key. */
  synced?: boolean;
  /** Whether it counts signatures; default true (starting at 1). Synced passkeys send 0. */
  counts?: boolean;
}

/** What a test may change in one ceremony to build a bad response. */
export interface CeremonyOverrides {
  origin?: string;
  rpId?: string;
  challenge?: string;
  /** The signature counter to send, instead of the next one. */
  counter?: number;
  userVerification?: boolean;
}

/**
 * An ES256 authenticator in software, for tests: it answers WebAuthn creation options with
 * attestation `none` and request options with a signed assertion, built as WebAuthn Level 3 §6.1
 * (authenticator data), §6.5 (attested credential data) and §5.2 (the JSON the browser hands over)
 * describe, with node:crypto doing the P-256 signatures (DER, as authenticators send them).
 *
 * @example
 * const key = createSoftwareAuthenticator({ rpId: 'example.com', origin: 'https://example.com' });
 * const response = key.register(creationOptions); // POST /users/me/passkeys { response }
 * const assertion = key.authenticate(requestOptions.challenge);
 */
export function createSoftwareAuthenticator(options: SoftwareAuthenticatorOptions) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = randomBytes(32);
  let counter = 0;
  const counts = options.counts ?? true;

  const authenticatorData = (rpId: string, uv: boolean, signCount: number, attested?: Buffer) => {
    let flags = 0x01; // UP
    if (uv) flags |= 0x04;
    if (options.synced) flags |= 0x08 | 0x10; // BE, BS
    if (attested) flags |= 0x40; // AT
    const count = Buffer.alloc(4);
    count.writeUInt32BE(signCount);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  };
  const clientData = (type: string, challenge: string, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    /** The credential id, base64url. */
    credentialId: b64url(credentialId),

    /** The `RegistrationResponseJSON` a browser would send for `creation` (its `challenge` and `rp.id`). */
    register(creation: { challenge: string }, overrides: CeremonyOverrides = {}) {
      const coseKey = new Map<number, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, cbor(coseKey)]);
      const authData = authenticatorData(
        overrides.rpId ?? options.rpId,
        overrides.userVerification ?? options.userVerification ?? true,
        counter,
        attested,
      );
      const attestationObject = cbor(
        new Map<string, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(
            clientData('webauthn.create', overrides.challenge ?? creation.challenge, overrides.origin ?? options.origin),
          ),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },

    /** The `AuthenticationResponseJSON` a browser would send for a request with `challenge`. */
    authenticate(challenge: string, overrides: CeremonyOverrides = {}) {
      if (counts) counter += 1;
      const signCount = overrides.counter ?? (counts ? counter : 0);
      const authData = authenticatorData(
        overrides.rpId ?? options.rpId,
        overrides.userVerification ?? options.userVerification ?? true,
        signCount,
      );
      const clientDataJSON = clientData('webauthn.get', overrides.challenge ?? challenge, overrides.origin ?? options.origin);
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), privateKey);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}

export type SoftwareAuthenticator = ReturnType<typeof createSoftwareAuthenticator>;
