import { createHmac } from 'node:crypto';
import { createSoftwareAuthenticator } from '@gatehousejs/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatehouseClient } from './create-client.js';
import { isMfaChallenge } from './mfa-types.js';
import { newAccount, startTestServer, type TestServer } from './test-server.test-helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** RFC 6238 (SHA-1, 6 digits, 30 s) of a base32 secret, `offset` steps from now, from RFC 4226 §5.3. */
function totp(secret: string, offset = 0): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + offset));
  const h = createHmac('sha1', key).update(counter).digest();
  const o = h[h.length - 1]! & 15;
  return String((h.readUInt32BE(o) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

describe('the client and second factors', () => {
  it('answers the challenge from login() and keeps the session verifyMfa() gets', async () => {
    const c = createGatehouseClient({ baseUrl: server.baseUrl });
    const input = newAccount();
    await c.register(input);
    const { secret } = await c.startTotp();
    const { recoveryCodes } = await c.confirmTotp(totp(secret));
    expect(recoveryCodes).toHaveLength(10);
    expect(await c.mfaStatus()).toEqual({ totp: true, passkeys: 0, recoveryCodesLeft: 10 });

    const other = createGatehouseClient({ baseUrl: server.baseUrl });
    const result = await other.login({ email: input.email, password: input.password });
    if (!isMfaChallenge(result)) throw new Error('expected the second-factor challenge');
    expect(result.methods).toEqual(['totp', 'recovery']);
    expect(await other.session()).toBeNull();
    const session = await other.verifyMfa({ mfaToken: result.mfaToken, code: totp(secret, 1) });
    expect(await other.session()).toEqual({ accessToken: session.accessToken, refreshToken: session.refreshToken });
    expect((await other.me()).email).toBe(input.email);
  });

  it('re-authenticates with a code from the app: a fresh access token whose amr is otp', async () => {
    const c = createGatehouseClient({ baseUrl: server.baseUrl });
    await c.register(newAccount());
    const { secret } = await c.startTotp();
    await c.confirmTotp(totp(secret));
    const before = (await c.session())!.accessToken;
    await c.reauthenticate({ code: totp(secret, 1) });
    const after = (await c.session())!.accessToken;
    expect(after).not.toBe(before);
    expect(JSON.parse(Buffer.from(after.split('.')[1]!, 'base64url').toString()).amr).toEqual(['otp']);
  });

  it('registers a passkey and signs in with it, keeping the session', async () => {
    const c = createGatehouseClient({ baseUrl: server.baseUrl });
    const input = newAccount();
    await c.register(input);
    const key = createSoftwareAuthenticator({ rpId: 'localhost', origin: 'http://localhost' });
    const { passkey } = await c.addPasskey(key.register(await c.passkeyRegistrationOptions()), 'Laptop');
    expect(passkey.name).toBe('Laptop');

    const other = createGatehouseClient({ baseUrl: server.baseUrl });
    const { challengeId, options } = await other.passkeyLoginOptions();
    const session = await other.passkeyLogin(challengeId, key.authenticate(options.challenge));
    expect(session.user.email).toBe(input.email);
    expect(await other.session()).toMatchObject({ accessToken: session.accessToken });
  });
});
