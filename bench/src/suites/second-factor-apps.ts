// The apps of the second-factor suite, their accounts enrolled over HTTP as a client would:
// Gatehouse's Hono example (authenticator apps and passkeys), Better Auth's two-factor plugin
// (authenticator apps) and Better Auth's passkey plugin (passkeys; a peer package of its own).
import { randomBytes } from 'node:crypto';
import { createSoftwareAuthenticator } from '@gatehousejs/core/testing';
import { startExampleServer } from '../lib/example-server.js';
import { cookiesOf, getJson, inBatches, postJson } from '../lib/http-json.js';
import { startScriptServer, type MeasuredServer } from '../lib/script-server.js';
import { TotpPool, totpCode, type TotpAccount } from '../lib/totp-pool.js';
import { BENCH_PASSWORD, benchRegistration } from '../servers/protocol.js';

const BETTER_AUTH = new URL('../peers/better-auth-server.js', import.meta.url);
const BETTER_AUTH_PASSKEY = new URL('../../peer-better-auth-passkey/dist/server.js', import.meta.url);
const ENROLL_IN_FLIGHT = 8;
/** The origin the software authenticator signs for, and the one the servers are told to accept; the RP ID is its host. */
const PASSKEY_ORIGIN = 'http://localhost:3000';
const PASSKEY_RP_ID = 'localhost';

/** An app whose sign-ins the suite times: one call of `totpLogin` is a password login and its TOTP step. */
export interface SecondFactorApp {
  label: string;
  server: MeasuredServer;
  pool: TotpPool;
  totpLogin(): Promise<void>;
}

/** An app whose passwordless passkey sign-ins the suite times: the challenge, then the assertion. */
export interface PasskeyApp {
  label: string;
  server: MeasuredServer;
  /** A sign-in by the `worker`-th authenticator (one per loop, so its signature counter only grows). */
  passkeyLogin(worker: number): Promise<void>;
}

/**
 * The Hono example on SQLite with `MFA_ENCRYPTION_KEY` and passkeys on: `accounts` users who
 * enrolled an authenticator app (register, `POST /users/me/mfa/totp`, confirm with a code), and
 * `passkeyUsers` who registered a passkey of the software authenticator.
 */
export async function gatehouseSecondFactorApp(
  databaseUrl: string,
  accounts: number,
  passkeyUsers: number,
): Promise<SecondFactorApp & PasskeyApp> {
  const server = await startExampleServer('hono', databaseUrl, {
    MFA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    WEBAUTHN_RP_ID: PASSKEY_RP_ID,
    WEBAUTHN_RP_NAME: 'Bench',
    WEBAUTHN_ORIGINS: PASSKEY_ORIGIN,
  });
  const api = `${server.url}/api/v1`;
  const tag = randomBytes(3).toString('hex');
  const register = async (name: string) => {
    const { json } = await postJson<{ accessToken: string }>(
      `${api}/auth/register`,
      benchRegistration(`mfa_${name}`, `mfa-${name}@example.com`),
    );
    return { authorization: `Bearer ${json.accessToken}` };
  };
  const enrolled = await inBatches(accounts, ENROLL_IN_FLIGHT, async (i): Promise<TotpAccount> => {
    const bearer = await register(`${tag}${i}`);
    const { json } = await postJson<{ secret: string }>(`${api}/users/me/mfa/totp`, {}, bearer);
    await postJson(`${api}/users/me/mfa/totp/confirm`, { code: totpCode(json.secret) }, bearer);
    return { email: `mfa-${tag}${i}@example.com`, secret: json.secret };
  });
  const authenticators = await inBatches(passkeyUsers, ENROLL_IN_FLIGHT, async (i) => {
    const bearer = await register(`${tag}pk${i}`);
    const key = createSoftwareAuthenticator({ rpId: PASSKEY_RP_ID, origin: PASSKEY_ORIGIN });
    const { json: creation } = await postJson<{ challenge: string }>(`${api}/users/me/passkeys/options`, {}, bearer);
    await postJson(`${api}/users/me/passkeys`, { response: key.register(creation) }, bearer);
    return key;
  });
  const pool = new TotpPool(enrolled);
  return {
    label: 'Gatehouse (Hono example, SQLite)',
    server,
    pool,
    totpLogin: async () => {
      const { account, code } = await pool.next();
      const { json } = await postJson<{ mfaToken?: string }>(`${api}/auth/login`, { email: account.email, password: BENCH_PASSWORD });
      if (!json.mfaToken) throw new Error('Gatehouse signed in without asking for the second factor');
      await postJson(`${api}/auth/mfa/verify`, { mfaToken: json.mfaToken, code });
    },
    passkeyLogin: async (worker) => {
      const key = authenticators[worker % authenticators.length]!;
      const { json } = await postJson<{ challengeId: string; options: { challenge: string } }>(`${api}/auth/passkey/options`, {});
      const { json: signedIn } = await postJson<{ accessToken?: string }>(`${api}/auth/passkey/login`, {
        challengeId: json.challengeId,
        response: key.authenticate(json.options.challenge),
      });
      if (!signedIn.accessToken) throw new Error('Gatehouse answered a passkey sign-in without an access token');
    },
  };
}

/**
 * Better Auth on Hono with SQLite and its two-factor plugin: `accounts` users who signed up, turned
 * two-factor on (`/two-factor/enable` with their password) and confirmed it with a code
 * (`/two-factor/verify-totp`), as its documentation describes.
 */
export async function betterAuthSecondFactorApp(file: string, accounts: number): Promise<SecondFactorApp> {
  const server = await startScriptServer(BETTER_AUTH, [file, 'two-factor']);
  const api = `${server.url}/api/auth`;
  // It refuses a sign-in without the `Origin` a browser sends.
  const origin = { origin: server.url };
  const tag = randomBytes(3).toString('hex');
  const enrolled = await inBatches(accounts, ENROLL_IN_FLIGHT, async (i): Promise<TotpAccount> => {
    const email = `ba-mfa-${tag}${i}@example.com`;
    const { response } = await postJson(`${api}/sign-up/email`, { email, password: BENCH_PASSWORD, name: 'Bench User' }, origin);
    const session = { ...origin, cookie: cookiesOf(response) };
    const { json } = await postJson<{ totpURI: string }>(`${api}/two-factor/enable`, { password: BENCH_PASSWORD }, session);
    const secret = new URL(json.totpURI).searchParams.get('secret')!;
    await postJson(`${api}/two-factor/verify-totp`, { code: totpCode(secret) }, session);
    return { email, secret };
  });
  const pool = new TotpPool(enrolled);
  return {
    label: 'Better Auth (Hono, SQLite, twoFactor plugin)',
    server,
    pool,
    totpLogin: async () => {
      const { account, code } = await pool.next();
      const { json, response } = await postJson<{ twoFactorRedirect?: boolean }>(
        `${api}/sign-in/email`,
        { email: account.email, password: BENCH_PASSWORD },
        origin,
      );
      if (!json.twoFactorRedirect) throw new Error('Better Auth signed in without asking for the second factor');
      await postJson(`${api}/two-factor/verify-totp`, { code }, { ...origin, cookie: cookiesOf(response) });
    },
  };
}

/**
 * Better Auth on Hono with SQLite and its passkey plugin (`passkey()` with the relying party of
 * Gatehouse's): `users` who signed up and, signed in, registered a passkey of the software
 * authenticator (`/passkey/generate-register-options`, then `/passkey/verify-registration`), as its
 * documentation describes. Its challenge lives in the server's verification table, named by a signed
 * cookie that the options answer sets and the verification sends back.
 */
export async function betterAuthPasskeyApp(file: string, users: number): Promise<PasskeyApp> {
  const server = await startScriptServer(BETTER_AUTH_PASSKEY, [file, PASSKEY_ORIGIN], { preloadCpuReporter: true });
  const api = `${server.url}/api/auth`;
  // The page at PASSKEY_ORIGIN calls the API, as a browser would: with that Origin (which the server trusts).
  const origin = { origin: PASSKEY_ORIGIN };
  const tag = randomBytes(3).toString('hex');
  const authenticators = await inBatches(users, ENROLL_IN_FLIGHT, async (i) => {
    const email = `ba-pk-${tag}${i}@example.com`;
    const { response } = await postJson(`${api}/sign-up/email`, { email, password: BENCH_PASSWORD, name: 'Bench User' }, origin);
    const session = cookiesOf(response);
    const key = createSoftwareAuthenticator({ rpId: PASSKEY_RP_ID, origin: PASSKEY_ORIGIN });
    const creation = await getJson<{ challenge: string }>(`${api}/passkey/generate-register-options`, { ...origin, cookie: session });
    await postJson(
      `${api}/passkey/verify-registration`,
      { response: key.register(creation.json) },
      { ...origin, cookie: `${session}; ${cookiesOf(creation.response)}` },
    );
    return key;
  });
  return {
    label: 'Better Auth (Hono, SQLite, passkey plugin)',
    server,
    passkeyLogin: async (worker) => {
      const key = authenticators[worker % authenticators.length]!;
      const request = await getJson<{ challenge: string }>(`${api}/passkey/generate-authenticate-options`, origin);
      const { json } = await postJson<{ session?: unknown }>(
        `${api}/passkey/verify-authentication`,
        { response: key.authenticate(request.json.challenge) },
        { ...origin, cookie: cookiesOf(request.response) },
      );
      if (!json.session) throw new Error('Better Auth answered a passkey sign-in without a session');
    },
  };
}
