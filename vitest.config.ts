import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { projects } from './vitest.workspace.js';

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Tests run against the TypeScript sources of the workspace packages, so no build is needed first. */
export const sourceAliases = {
  '@gatehousejs/cli': source('./packages/cli/src/index.ts'),
  '@gatehousejs/client': source('./packages/client/src/index.ts'),
  '@gatehousejs/core/testing': source('./packages/core/src/testing/index.ts'),
  '@gatehousejs/core/ports': source('./packages/core/src/ports/index.ts'),
  '@gatehousejs/core/providers': source('./packages/core/src/providers.ts'),
  '@gatehousejs/core/internal': source('./packages/core/src/internal.ts'),
  '@gatehousejs/core': source('./packages/core/src/index.ts'),
  '@gatehousejs/http/testing': source('./packages/http/src/testing/index.ts'),
  '@gatehousejs/http/adapter': source('./packages/http/src/adapter.ts'),
  '@gatehousejs/http/node': source('./packages/http/src/node/index.ts'),
  '@gatehousejs/http': source('./packages/http/src/index.ts'),
  '@gatehousejs/express': source('./packages/express/src/index.ts'),
  '@gatehousejs/hono': source('./packages/hono/src/index.ts'),
  '@gatehousejs/fetch': source('./packages/fetch/src/index.ts'),
  '@gatehousejs/fastify': source('./packages/fastify/src/index.ts'),
  '@gatehousejs/nestjs': source('./packages/nestjs/src/index.ts'),
  '@gatehousejs/hasher': source('./packages/hasher/src/index.ts'),
  '@gatehousejs/store-memory': source('./packages/store-memory/src/index.ts'),
  '@gatehousejs/store-sql/testing': source('./packages/store-sql/src/testing/index.ts'),
  '@gatehousejs/store-sql': source('./packages/store-sql/src/index.ts'),
  '@gatehousejs/rate-limit-redis': source('./packages/rate-limit-redis/src/index.ts'),
  '@gatehousejs/example-server-kit/testing': source('./examples/server-kit/src/testing/index.ts'),
  '@gatehousejs/example-server-kit': source('./examples/server-kit/src/index.ts'),
  '@gatehousejs/mailer-smtp/testing': source('./packages/mailer-smtp/src/testing/index.ts'),
  '@gatehousejs/mailer-smtp': source('./packages/mailer-smtp/src/index.ts'),
};

export default defineConfig({
  test: {
    projects: projects.map((root) => ({
      extends: true as const,
      test: {
        name: root.split('/')[0],
        include: [`${root}/src/**/*.test.ts`, `${root}/test/**/*.test.ts`],
      },
    })),
    reporters: ['default', './tools/summary-reporter.ts'],
    // The demo page imports @gatehousejs/client's build: made once, before any test.
    globalSetup: ['./tools/build-typed-client.ts'],
    // Most test files wait on sockets, databases and a browser rather than compute: on the 2-core CI
    // machine the default (one worker per core but one) left a core idle and the run near 25 minutes.
    maxWorkers: Math.max(3, availableParallelism() - 1),
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
  resolve: { alias: sourceAliases },
});
