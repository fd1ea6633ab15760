import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqlStore } from '@gatehousejs/store-sql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/run-cli.js';

describe('gatehouse reset-mfa', () => {
  let dir: string;
  let url: string;
  const run = async (args: string[], stdin = '') => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli({
      args,
      env: { DATABASE_URL: url, ARGON2_MEMORY_COST: '1024', ARGON2_TIME_COST: '1' },
      readStdin: async () => stdin,
      out: (l) => out.push(l),
      err: (l) => err.push(l),
    });
    return { code, out, err };
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gatehouse-reset-mfa-'));
    url = `sqlite:${join(dir, 'db.sqlite')}`;
    expect((await run(['migrate'])).code).toBe(0);
    expect((await run(['create-user', '--email', 'mia@example.test', '--password-stdin'], 'correct horse battery staple')).code).toBe(0);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("removes the user's authenticator app, passkeys and recovery codes, and says so in one masked line", async () => {
    const store = await openSqlStore(url, { migrate: false });
    const user = (await store.users.findUserByEmail('mia@example.test'))!;
    const now = new Date();
    await store.totpFactors.savePendingTotpFactor({ userId: user.id, secretCiphertext: 'v1.k.i.c', createdAt: now });
    await store.totpFactors.useTotpStep(user.id, 1, now, true);
    await store.recoveryCodes.replaceRecoveryCodes(user.id, ['a'.repeat(64)], now);
    await store.passkeys.savePasskey({
      id: '00000000-0000-4000-8000-000000000001',
      userId: user.id,
      credentialId: 'cred',
      publicKey: new Uint8Array([1]),
      counter: 0,
      transports: [],
      deviceType: 'singleDevice',
      backedUp: false,
      name: 'Key',
      createdAt: now,
      lastUsedAt: null,
    });
    await store.close();

    const reset = await run(['reset-mfa', 'MIA@example.test']);
    expect(reset.err).toEqual([]);
    expect(reset).toMatchObject({ code: 0 });
    expect(reset.out).toEqual([
      expect.stringMatching(
        / reset-mfa user=[0-9a-f-]{36} \(m\*\*\*@example\.test\): authenticator app removed, 1 passkey\(s\) deleted, recovery codes deleted\.$/,
      ),
    ]);
    expect(reset.out[0]).not.toContain('mia@');

    const after = await openSqlStore(url, { migrate: false });
    expect(await after.totpFactors.findTotpFactor(user.id)).toBeNull();
    expect(await after.passkeys.listPasskeys(user.id)).toEqual([]);
    expect(await after.recoveryCodes.countRecoveryCodes(user.id)).toBe(0);
    await after.close();
  });

  it('exits 3 for an unknown e-mail', async () => {
    expect((await run(['reset-mfa', 'nobody@example.test'])).code).toBe(3);
  });
});
