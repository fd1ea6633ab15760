import { createHash } from 'node:crypto';
import { createAuth, type BackgroundFailure } from '@gatehousejs/core';
import { createFakeHasher } from '@gatehousejs/core/testing';
import { createMemoryStore } from '@gatehousejs/store-memory';
import { afterEach, describe, expect, it } from 'vitest';
import { createPwnedPasswordsRange } from './pwned-passwords-range.js';
import { downApiUrl, startPwnedPasswordsStub, type PwnedPasswordsStub } from './testing/pwned-passwords-stub.js';

const BREACHED = 'correct horse battery';
const SAFE = 'a brand new passphrase';
const sha1 = (text: string) => createHash('sha1').update(text).digest('hex').toUpperCase();

let stub: PwnedPasswordsStub | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

function authWith(apiUrl: string, timeoutMs = 1500) {
  const failures: BackgroundFailure[] = [];
  const auth = createAuth({
    config: { accessTokenSecret: 'a'.repeat(32), refreshTokenSecret: 'b'.repeat(32) },
    store: createMemoryStore(),
    mailer: { send: async () => {} },
    hasher: createFakeHasher(),
    breachedPasswords: createPwnedPasswordsRange({ apiUrl, timeoutMs }),
    onBackgroundError: (failure) => failures.push(failure),
  });
  let n = 0;
  const register = (password: string) =>
    auth.register({
      firstName: 'Grace',
      lastName: 'Hopper',
      username: `grace${++n}`,
      email: `grace${n}@example.org`,
      password,
      confirmPassword: password,
    });
  return { auth, failures, register };
}

describe('createPwnedPasswordsRange (Have I Been Pwned range API, k-anonymity)', () => {
  it('asks for the first five hex digits only, with Add-Padding, and reads SUFFIX:COUNT lines, leaving out the padding', async () => {
    stub = await startPwnedPasswordsStub({ [BREACHED]: 3_645_804 });
    const hash = sha1(BREACHED);
    const range = await createPwnedPasswordsRange({ apiUrl: stub.url, timeoutMs: 1500 }).findRange(hash.slice(0, 5));
    expect(stub.requests).toEqual([{ path: `/range/${hash.slice(0, 5)}`, padding: true }]);
    expect(range.get(hash.slice(5))).toBe(3_645_804);
    // The stub padded the answer to 800 lines of count 0: none of them is kept.
    expect([...range.values()]).toEqual([3_645_804]);
  });

  it('refuses a breached password at registration and accepts one the corpus does not hold', async () => {
    stub = await startPwnedPasswordsStub({ [BREACHED]: 42 });
    const { register, failures } = authWith(stub.url);
    await expect(register(BREACHED)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'password', message: expect.stringContaining('it has appeared in a data breach') }],
    });
    await expect(register(SAFE)).resolves.toMatchObject({ user: { username: 'grace2' } });
    expect(failures).toEqual([]);
    // Nothing but prefixes left the server: never the password, never a full hash.
    for (const { path } of stub.requests) expect(path).toMatch(/^\/range\/[0-9A-F]{5}$/);
  });

  it('fails open when the API is slower than the timeout, and reports it without the password', async () => {
    stub = await startPwnedPasswordsStub({ [BREACHED]: 42 }, { delayMs: 2000 });
    const { register, failures } = authWith(stub.url, 200);
    const started = Date.now();
    await expect(register(BREACHED)).resolves.toMatchObject({ user: { username: 'grace1' } });
    expect(Date.now() - started).toBeLessThan(1500);
    expect(failures).toEqual([{ operation: 'password-breach-check', error: expect.objectContaining({ name: 'TimeoutError' }) }]);
    expect(JSON.stringify(failures, Object.getOwnPropertyNames(failures[0]!.error as object))).not.toContain(BREACHED);
  });

  it('fails open when the API is down (connection refused)', async () => {
    const { register, failures } = authWith(await downApiUrl());
    await expect(register(BREACHED)).resolves.toMatchObject({ user: { username: 'grace1' } });
    expect(failures).toHaveLength(1);
    expect(failures[0]!.operation).toBe('password-breach-check');
  });

  it('rejects (so core fails open) on an answer other than 200, such as its 400 for a path it does not know', async () => {
    stub = await startPwnedPasswordsStub({});
    const range = createPwnedPasswordsRange({ apiUrl: `${stub.url}/not-the-api`, timeoutMs: 1500 });
    await expect(range.findRange('ABCDE')).rejects.toMatchObject({ code: 'HTTP_400' });
  });
});
