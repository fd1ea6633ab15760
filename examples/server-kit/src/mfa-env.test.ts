import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqlStore } from '@gatehousejs/store-sql';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigurationError, readServerSettings } from './env-config.js';
import type { Logger } from './logger.js';
import { MISSING_MFA_KEY, readMfaSettings } from './mfa-env.js';
import { startServer } from './start-server.js';

const problem = (message: string) => new ConfigurationError(message);
const KEY = Buffer.alloc(32, 3).toString('base64');
const quiet: Logger = { info: () => {}, warn: () => {}, error: () => {} };

describe('second-factor settings from the environment', () => {
  it('takes the keys (first seals), the relying party and ADMIN_REQUIRE_MFA', () => {
    const old = Buffer.alloc(32, 4).toString('base64url');
    const settings = readMfaSettings(
      {
        MFA_ENCRYPTION_KEY: `${KEY}, ${old}`,
        WEBAUTHN_RP_ID: 'example.com',
        WEBAUTHN_RP_NAME: 'Example',
        WEBAUTHN_ORIGINS: 'https://example.com,https://app.example.com',
        ADMIN_REQUIRE_MFA: 'true',
      },
      'https://app.example.com',
      true,
      problem,
    );
    expect(settings).toEqual({
      config: {
        encryptionKeys: [KEY, old],
        webauthn: { rpId: 'example.com', rpName: 'Example', origins: ['https://example.com', 'https://app.example.com'] },
        requireForAdmins: true,
      },
      keyMissing: false,
      warnings: [],
    });
  });

  it("defaults passkeys to APP_URL's host and origin", () => {
    const { config } = readMfaSettings({ MFA_ENCRYPTION_KEY: KEY }, 'http://localhost:3000', false, problem);
    expect(config.webauthn).toEqual({ rpId: 'localhost', rpName: 'Gatehouse', origins: ['http://localhost:3000'] });
    expect(config.requireForAdmins).toBe(false);
  });

  it('refuses a key that is not 32 bytes, naming MFA_ENCRYPTION_KEY and not echoing it', () => {
    const call = () => readMfaSettings({ MFA_ENCRYPTION_KEY: 'c2hvcnQta2V5' }, 'http://localhost:3000', true, problem);
    expect(call).toThrow(/^Invalid second-factor settings: MFA_ENCRYPTION_KEY must be 32 random bytes/);
    expect(call).not.toThrow(/c2hvcnQta2V5/);
  });

  it('makes up a key for this process in development, and says so; in production it notes the key as missing', () => {
    const dev = readMfaSettings({}, 'http://localhost:3000', false, problem);
    expect(dev.config.encryptionKeys).toHaveLength(1);
    expect(dev.warnings).toEqual([expect.stringContaining('MFA_ENCRYPTION_KEY is not set')]);
    expect(readMfaSettings({}, 'https://example.com', true, problem)).toMatchObject({ keyMissing: true, config: { encryptionKeys: [] } });
  });
});

describe('a production start without MFA_ENCRYPTION_KEY', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it('starts while no authenticator app is on, and stops with a clear message once one is', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'gatehouse-mfa-key-'));
    folders.push(folder);
    const env = {
      NODE_ENV: 'production',
      JWT_SECRET: 'k7Gq2mVx9pLr4tWz8nBc3hJs6dFy1aQe',
      JWT_REFRESH_SECRET: 'Zp4Lw9xQm2Vt7Kc1Rn8Hb5Gs3Jy6Df0A',
      DATABASE_URL: `sqlite:${join(folder, 'auth.db')}`,
      APP_URL: 'https://auth.example.com',
      PORT: '0',
      MAILHOG_ENABLED: 'false',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: '1',
    };
    const settings = () => readServerSettings(env, { databaseFile: ':memory:' });
    const first = await startServer(settings(), () => (_req, res) => res.end(), quiet);
    await first.close();

    const store = await openSqlStore(env.DATABASE_URL, { migrate: false });
    const user = await store.users.listUsers({ limit: 1, offset: 0 });
    const userId = user[0]?.id ?? (await seedUser(store));
    await store.totpFactors.savePendingTotpFactor({ userId, secretCiphertext: 'v1.x.y.z', createdAt: new Date() });
    await store.totpFactors.useTotpStep(userId, 1, new Date(), true);
    await store.close();

    await expect(startServer(settings(), () => (_req, res) => res.end(), quiet)).rejects.toThrow(MISSING_MFA_KEY);
  });
});

async function seedUser(store: Awaited<ReturnType<typeof openSqlStore>>): Promise<string> {
  const now = new Date();
  const id = '00000000-0000-4000-8000-0000000000aa';
  await store.users.createUser({
    id,
    email: 'mia@example.test',
    username: 'mia',
    firstName: 'Mia',
    lastName: 'Example',
    passwordHash: '$x$',
    roles: [],
    isActive: true,
    createdAt: now,
    updatedAt: now,
    emailVerifiedAt: now,
    passwordChangedAt: null,
    lastLoginAt: null,
    tokenVersion: 0,
  });
  return id;
}
