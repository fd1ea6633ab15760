import { afterAll, beforeAll } from 'vitest';
import { createClient, newUser, tokenFromLink, type Api } from './http-client.js';
import { SUITE_SECRETS, type ServerUnderTest, type StartServer } from './server-under-test.js';

export const APP_URL = 'http://app.example.test';
export const VERIFY_LINK = `${APP_URL}/api/v1/auth/verify-email?token=`;
export const RESET_LINK = `${APP_URL}/reset-password?token=`;
export const SUPER = Object.freeze({ email: 'root@example.com', password: 'bootstrap super password' });

/** Cheap Argon2id parameters keep the suite fast; the real parameters have their own tests. */
const BASE_ENV = {
  ...SUITE_SECRETS,
  APP_URL,
  ARGON2_MEMORY_COST: '1024',
  ARGON2_TIME_COST: '1',
  RATE_LIMIT_ENABLED: 'false',
  BOOTSTRAP_SUPER_EMAIL: SUPER.email,
  BOOTSTRAP_SUPER_PASSWORD: SUPER.password,
};

export interface SuiteServer {
  server: ServerUnderTest;
  api: Api;
}

/** Starts one server for the enclosing `describe` and closes it afterwards. */
export function useServer(start: StartServer, env: Record<string, string> = {}): SuiteServer {
  const holder = {} as SuiteServer;
  beforeAll(async () => {
    holder.server = await start({ ...BASE_ENV, ...env });
    holder.api = createClient(holder.server.baseUrl);
  });
  afterAll(async () => {
    await holder.server?.close();
  });
  return holder;
}

/** Registers a fresh user; returns the request body and the 201 response body. */
export async function registerUser(s: SuiteServer, tag?: string) {
  const input = newUser(tag);
  const res = await s.api('POST', '/api/v1/auth/register', { body: input });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
  return { input, body: res.body };
}

export async function mailTokenFor(s: SuiteServer, to: string, linkPrefix: string): Promise<string> {
  const mail = await s.server.waitForMail((m) => m.to.includes(to) && m.text.includes(linkPrefix));
  return tokenFromLink(mail.text, linkPrefix);
}

export async function loginAs(s: SuiteServer, email: string, password: string) {
  const res = await s.api('POST', '/api/v1/auth/login', { body: { email, password } });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`);
  return res.body as { accessToken: string; refreshToken: string; user: { id: string; email: string; roles: string[] } };
}
