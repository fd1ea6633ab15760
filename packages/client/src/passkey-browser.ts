import type { LoginResult } from './api-types.js';
import type { GatehouseClient } from './gatehouse-client.js';
import type { Passkey, PublicKeyCredentialJSON } from './mfa-types.js';

const toBytes = (base64url: string): ArrayBuffer => {
  const binary = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
};

const toBase64Url = (buffer: ArrayBuffer): string => {
  let binary = '';
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

type Descriptor = { id: string; type: string; transports?: string[] };
type JsonOptions = Record<string, unknown> & { challenge: string };

/** The server's JSON options as the browser takes them (Level 3's `parse*FromJSON` where the browser has it). */
function requestOptions(json: JsonOptions): PublicKeyCredentialRequestOptions {
  const parse = (PublicKeyCredential as unknown as { parseRequestOptionsFromJSON?: (o: unknown) => PublicKeyCredentialRequestOptions })
    .parseRequestOptionsFromJSON;
  if (parse) return parse(json);
  const allow = (json.allowCredentials as Descriptor[] | undefined) ?? [];
  return {
    ...(json as object),
    challenge: toBytes(json.challenge),
    allowCredentials: allow.map((c) => ({ ...c, id: toBytes(c.id) })),
  } as PublicKeyCredentialRequestOptions;
}

function creationOptions(json: JsonOptions): PublicKeyCredentialCreationOptions {
  const parse = (PublicKeyCredential as unknown as { parseCreationOptionsFromJSON?: (o: unknown) => PublicKeyCredentialCreationOptions })
    .parseCreationOptionsFromJSON;
  if (parse) return parse(json);
  const user = json.user as { id: string };
  const exclude = (json.excludeCredentials as Descriptor[] | undefined) ?? [];
  return {
    ...(json as object),
    challenge: toBytes(json.challenge),
    user: { ...user, id: toBytes(user.id) },
    excludeCredentials: exclude.map((c) => ({ ...c, id: toBytes(c.id) })),
  } as PublicKeyCredentialCreationOptions;
}

/** The credential as the JSON the server verifies (`toJSON()` where the browser has it). */
function credentialJson(credential: PublicKeyCredential): PublicKeyCredentialJSON {
  const own = (credential as unknown as { toJSON?: () => PublicKeyCredentialJSON }).toJSON;
  if (own) return own.call(credential);
  const response = credential.response as AuthenticatorResponse & Record<string, unknown>;
  const fields: Record<string, unknown> = { clientDataJSON: toBase64Url(response.clientDataJSON) };
  for (const name of ['attestationObject', 'authenticatorData', 'signature', 'userHandle']) {
    const value = response[name];
    if (value instanceof ArrayBuffer) fields[name] = toBase64Url(value);
  }
  const transports = (response as unknown as { getTransports?: () => string[] }).getTransports;
  if (transports) fields.transports = transports.call(response);
  return {
    id: credential.id,
    rawId: toBase64Url(credential.rawId),
    type: credential.type,
    response: fields,
    clientExtensionResults: credential.getClientExtensionResults(),
    authenticatorAttachment: (credential as { authenticatorAttachment?: string | null }).authenticatorAttachment ?? undefined,
  };
}

/**
 * Passwordless sign-in in a browser: asks the server for request options, lets the browser pick a
 * passkey (`navigator.credentials.get`), and signs in with it; the client keeps the session.
 * `mediation: 'conditional'` offers passkeys in the address field's autofill instead of a dialog.
 *
 * @example
 * const session = await signInWithPasskey(client);
 */
export async function signInWithPasskey(
  client: GatehouseClient,
  options: { email?: string; mediation?: CredentialMediationRequirement; signal?: AbortSignal } = {},
): Promise<LoginResult> {
  const { challengeId, options: json } = await client.passkeyLoginOptions(options.email);
  const credential = (await navigator.credentials.get({
    publicKey: requestOptions(json),
    ...(options.mediation ? { mediation: options.mediation } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  })) as PublicKeyCredential | null;
  if (!credential) throw new Error('No passkey was chosen.');
  return client.passkeyLogin(challengeId, credentialJson(credential));
}

/** Asks the server for request options, lets the browser pick a passkey, and answers the assertion as JSON. */
async function passkeyAssertion(client: GatehouseClient, email?: string) {
  const { challengeId, options } = await client.passkeyLoginOptions(email);
  const credential = (await navigator.credentials.get({ publicKey: requestOptions(options) })) as PublicKeyCredential | null;
  if (!credential) throw new Error('No passkey was chosen.');
  return { challengeId, response: credentialJson(credential) };
}

/**
 * Answers a sign-in's second-factor challenge with a passkey of that account.
 *
 * @example
 * const result = await client.login(credentials);
 * if (isMfaChallenge(result)) await answerWithPasskey(client, result.mfaToken, credentials.email);
 */
export async function answerWithPasskey(client: GatehouseClient, mfaToken: string, email?: string): Promise<LoginResult> {
  return client.verifyMfa({ mfaToken, ...(await passkeyAssertion(client, email)) });
}

/**
 * Re-authenticates the signed-in user with one of their passkeys (`POST /auth/reauthenticate` with
 * an assertion), when the server answered `REAUTHENTICATION_REQUIRED`; the session's access token
 * is replaced by the fresh one.
 *
 * @example
 * await reauthenticateWithPasskey(client);
 * await client.deleteAccount(password);
 */
export async function reauthenticateWithPasskey(client: GatehouseClient, email?: string): Promise<void> {
  await client.reauthenticate(await passkeyAssertion(client, email));
}

/**
 * Registers a passkey for the signed-in user (the session must be recent: sign in again first if
 * the server answers `REAUTHENTICATION_REQUIRED`).
 *
 * @example
 * const { passkey } = await registerPasskey(client, { name: 'Laptop' });
 */
export async function registerPasskey(client: GatehouseClient, options: { name?: string } = {}): Promise<{ passkey: Passkey }> {
  const json = await client.passkeyRegistrationOptions();
  const credential = (await navigator.credentials.create({ publicKey: creationOptions(json) })) as PublicKeyCredential | null;
  if (!credential) throw new Error('No passkey was created.');
  return client.addPasskey(credentialJson(credential), options.name);
}
