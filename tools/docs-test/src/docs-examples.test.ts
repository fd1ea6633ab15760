import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompiledExamples, compileExamples } from './compile-examples.js';
import { extractCodeBlocks } from './extract-code-blocks.js';
import { createPackedApp, type PackedApp } from './packed-app.js';
import { failQuickStart, startQuickStart } from './quick-start.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** The pages a reader follows: the README, every page under docs/, and each package's README (the registry shows it). */
const pages = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
  ...readdirSync(join(root, 'packages')).map((name) => `packages/${name}/README.md`),
].sort();
const blocks = pages.flatMap((page) => extractCodeBlocks(page, readFileSync(join(root, page), 'utf8')));
const quickStarts = blocks.filter((block) => block.file === 'README.md' && block.flags.includes('quick-start'));
const examples = blocks.filter((block) => !block.flags.includes('no-check') && !block.flags.includes('quick-start'));

/**
 * The only blocks that may skip the check (fenced ```ts no-check), each for a reason no rewrite
 * would remove. Anything else must compile: a new `no-check` fails until it is listed here.
 */
const UNCHECKED: Record<string, string> = {
  'docs/demo-app.md': "shows one line for Express and one for Hono side by side, and imports the examples' private page kit",
  'docs/roles.md':
    "declares the `Register` augmentation, which would retype `Role` in every block of the one program compiled here; the same code is compiled alone by the adapters' registered-roles tests",
};

let app: PackedApp;
let compiled: CompiledExamples;

// Packing, installing and one compiler run over every example: about a minute on two busy cores.
beforeAll(async () => {
  app = await createPackedApp(root);
  const [quickStart] = quickStarts;
  if (quickStart === undefined) throw new Error('README.md has no ```ts quick-start block');
  compiled = await compileExamples(app, examples, quickStart);
}, 240_000);

afterAll(() => app?.dispose());

describe('the docs against the packed packages', () => {
  it('compiles every TypeScript example in README.md, docs/ and the package READMEs', () => {
    expect(examples.length).toBeGreaterThan(20);
    expect(compiled.exampleErrors).toEqual([]);
  });

  it('lets only the listed blocks skip the check', () => {
    const unchecked = blocks.filter((block) => block.flags.includes('no-check')).map((block) => block.file);
    expect([...new Set(unchecked)].sort()).toEqual(Object.keys(UNCHECKED).sort());
    expect(unchecked.length).toBeLessThanOrEqual(3);
  });
});

describe("the README's quick start as a fresh app that installs only the packed tarballs", () => {
  it('is one block of under 30 lines that compiles', () => {
    expect(quickStarts).toHaveLength(1);
    expect(quickStarts[0]?.code.split('\n').length).toBeLessThan(30);
    expect(compiled.quickStartErrors).toEqual([]);
  });

  it('serves a public route, a protected route and a custom-role route over HTTP', async () => {
    const server = await startQuickStart(app, compiled.quickStartEntry);
    try {
      const call = (method: string, path: string, token?: string, body?: unknown) =>
        fetch(`${server.url}${path}`, {
          method,
          headers: {
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
      const login = async (email: string, password: string) => {
        const response = await call('POST', '/api/v1/auth/login', undefined, { email, password });
        expect(response.status).toBe(200);
        return (await response.json()) as { accessToken: string; user: { id: string } };
      };

      expect((await call('GET', '/api/v1/hello')).status).toBe(200);
      expect((await call('GET', '/api/v1/me')).status).toBe(401);

      const password = 'correct horse battery';
      const ada = {
        firstName: 'Ada',
        lastName: 'Lovelace',
        username: 'ada',
        email: 'ada@example.com',
        password,
        confirmPassword: password,
      };
      expect((await call('POST', '/api/v1/auth/register', undefined, ada)).status).toBe(201);
      const user = await login(ada.email, password);
      const me = await call('GET', '/api/v1/me', user.accessToken);
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ email: ada.email, roles: [] });
      expect((await call('GET', '/api/v1/drafts', user.accessToken)).status).toBe(403);

      // The bootstrap super grants the custom role; the next login carries it.
      const admin = await login(server.adminEmail, server.adminPassword);
      const granted = await call('PUT', `/api/v1/users/${user.user.id}/roles`, admin.accessToken, { roles: [server.customRole] });
      expect(granted.status).toBe(200);
      const editor = await login(ada.email, password);
      const drafts = await call('GET', '/api/v1/drafts', editor.accessToken);
      expect(drafts.status).toBe(200);
      expect(await drafts.json()).toEqual({ drafts: [] });

      // The reset mail's link opens a page, not a 404; readiness comes with the user routes.
      const resetPage = await fetch(`${server.url}/reset-password?token=abc`);
      expect([resetPage.status, resetPage.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
      expect((await call('GET', '/api/v1/health/ready')).status).toBe(200);
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('stops with one line naming ADMIN_PASSWORD, not a stack, when it is too weak', async () => {
    const { exitCode, output } = await failQuickStart(app, compiled.quickStartEntry, 'short');
    expect(exitCode).toBe(1);
    expect(output.trim()).toMatch(/^Invalid ADMIN_PASSWORD: [^\n]+\.$/);
  }, 30_000);
});
