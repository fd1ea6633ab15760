import { afterAll, beforeAll, it, type TestContext } from 'vitest';
import { createClient, newUser, tokenFromLink, type Api } from './http-client.js';
import type { HttpSuiteTarget, ServerUnderTest, StartServer, SuiteServerOptions } from './server-under-test.js';
import { APP_URL, sharedInstances, SUPER, type InstanceOptions } from './start-from-target.js';

export { APP_URL, SUPER };
export const VERIFY_LINK = `${APP_URL}/api/v1/auth/verify-email?token=`;
export const RESET_LINK = `${APP_URL}/reset-password?token=`;

export interface SuiteServer {
  server: ServerUnderTest;
  api: Api;
}

/** Starts one app for the enclosing `describe`, with its settings, and closes it afterwards. */
export function useServer(start: StartServer, options: SuiteServerOptions = {}): SuiteServer {
  const holder = {} as SuiteServer;
  beforeAll(async () => {
    holder.server = await start(options);
    holder.api = createClient(holder.server.request);
  });
  afterAll(async () => {
    await holder.server?.close();
  });
  return holder;
}

/** Instances on one store for the enclosing `describe`, all closed (then the store) afterwards. */
export function useSharedInstances(target: HttpSuiteTarget): { start(options?: InstanceOptions): Promise<SuiteServer> } {
  const instances = sharedInstances(target);
  afterAll(() => instances.close());
  return {
    async start(options = {}) {
      const server = await instances.start(options);
      return { server, api: createClient(server.request) };
    },
  };
}

/**
 * A case that must write bytes on a real socket (what `fetch` cannot send, or a connection's
 * reuse): it needs the app's `baseUrl` and is skipped, saying why, when the app is driven in-process only.
 */
export function itOverSocket(s: SuiteServer, name: string, test: (baseUrl: string) => Promise<void>): void {
  it(name, async (context: TestContext) => {
    if (!s.server.baseUrl) return context.skip('needs a real socket: give the suite a baseUrl to run it');
    await test(s.server.baseUrl);
  });
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
