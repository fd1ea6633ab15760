import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { projects } from './vitest.workspace.js';

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Tests run against the TypeScript sources of the workspace packages, so no build is needed first. */
export const sourceAliases = {
  '@gatehouse/common-passwords': source('./packages/common-passwords/src/index.ts'),
  '@gatehouse/core/testing': source('./packages/core/src/testing/index.ts'),
  '@gatehouse/core': source('./packages/core/src/index.ts'),
  '@gatehouse/http/testing': source('./packages/http/src/testing/index.ts'),
  '@gatehouse/http': source('./packages/http/src/index.ts'),
  '@gatehouse/express': source('./packages/express/src/index.ts'),
  '@gatehouse/hono': source('./packages/hono/src/index.ts'),
  '@gatehouse/hasher-native': source('./packages/hasher-native/src/index.ts'),
  '@gatehouse/hasher-pool': source('./packages/hasher-pool/src/index.ts'),
  '@gatehouse/store-memory': source('./packages/store-memory/src/index.ts'),
  '@gatehouse/store-sql/testing': source('./packages/store-sql/src/testing/index.ts'),
  '@gatehouse/store-sql': source('./packages/store-sql/src/index.ts'),
  '@gatehouse/rate-limit-redis': source('./packages/rate-limit-redis/src/index.ts'),
  '@gatehouse/example-server-kit/testing': source('./examples/server-kit/src/testing/index.ts'),
  '@gatehouse/example-server-kit': source('./examples/server-kit/src/index.ts'),
  '@gatehouse/mailer-smtp': source('./packages/mailer-smtp/src/index.ts'),
};

export default defineConfig({
  test: {
    projects: projects.map((root) => ({
      extends: true as const,
      test: {
        name: root.split('/')[0],
        include: [`${root}/src/**/*.test.ts`, `${root}/test/**/*.test.ts`] },
    })),
    reporters: ['default', './tools/summary-reporter.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
  resolve: { alias: sourceAliases },
});
