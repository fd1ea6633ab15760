import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatehouseApiError } from './api-error.js';
import { createGatehouseClient } from './create-client.js';
import { newAccount, startTestServer, type TestServer } from './test-server.test-helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const client = () => createGatehouseClient({ baseUrl: server.baseUrl });

async function onTwoDevices() {
  const input = newAccount();
  const laptop = client();
  await laptop.register(input);
  const phone = client();
  await phone.login({ email: input.email, password: input.password });
  return { input, laptop, phone };
}

describe('the account-security methods of the client', () => {
  it('lists the sessions, marks the current one, and signs out every other device', async () => {
    const { laptop, phone } = await onTwoDevices();
    const sessions = await laptop.sessions();
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    await laptop.endOtherSessions();
    expect((await laptop.sessions()).map((s) => s.current)).toEqual([true]);
    const error = await phone.me().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatehouseApiError);
    expect((error as GatehouseApiError).status).toBe(401);
  });

  it('ends one session by id, and forgets its own when it ends the current one', async () => {
    const { laptop, phone } = await onTwoDevices();
    const current = (await phone.sessions()).find((s) => s.current)!;
    await laptop.endSession(current.id);
    await expect(phone.me()).rejects.toMatchObject({ status: 401 });
    const mine = (await laptop.sessions()).find((s) => s.current)!;
    await laptop.endSession(mine.id);
    expect(await laptop.session()).toBeNull();
  });

  it('changes the password, re-authenticates and deletes the account', async () => {
    const { input, laptop } = await onTwoDevices();
    const next = 'a completely new passphrase';
    await expect(laptop.changePassword({ currentPassword: input.password, password: next, confirmPassword: next })).resolves.toEqual({
      message: 'Your password has been changed. Your other devices have been signed out.',
    });
    await laptop.reauthenticate(next);
    await laptop.deleteAccount(next);
    expect(await laptop.session()).toBeNull();
    await expect(client().login({ email: input.email, password: next })).rejects.toMatchObject({ status: 401 });
  });
});
