import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { packPackages } from '../../packing/pack-packages.mjs';

const run = promisify(execFile);

/**
 * What the examples import besides Gatehouse: the frameworks, drivers and test tools a reader
 * installs beside the packages. The ranges match the workspace's, so pnpm finds them in its store.
 */
const THIRD_PARTY = {
  dependencies: {
    express: '^5.1.0',
    hono: '^4.13.19',
    '@hono/node-server': '^2.1.8',
    fastify: '^5.12.8',
    '@nestjs/common': '^11.2.10',
    '@nestjs/core': '^11.2.10',
    '@nestjs/platform-express': '^11.2.10',
    '@nestjs/platform-fastify': '^11.2.8',
    'reflect-metadata': '^0.2.2',
    rxjs: '^7.8.2',
    ioredis: '^5.11.1',
    'better-sqlite3': '^12.6.2',
    pg: '^8.23.1',
    mysql2: '^3.24.6',
    'smtp-server': '^3.21.6',
    'postal-mime': '^4.0.0',
    vitest: '^4.1.12',
  },
  devDependencies: {
    typescript: '~5.9.3',
    '@types/node': '^20.19.0',
    '@types/express': '^5.0.3',
  },
};

/** The strict settings a new TypeScript app on Node would pick; `skipLibCheck` off, so our `.d.ts` are checked too. */
const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    lib: ['ES2023', 'DOM'],
    types: ['node'],
    strict: true,
    skipLibCheck: false,
    noEmit: true,
    verbatimModuleSyntax: true,
    // docs/nestjs.md: Nest's decorators are TypeScript's legacy decorators, as a Nest app compiles them.
    experimentalDecorators: true,
    emitDecoratorMetadata: true,
  },
};

export interface PackedApp {
  /** The app's folder: `package.json`, `tsconfig.json`, `node_modules` with the packed packages. */
  dir: string;
  /** Runs the app's own TypeScript compiler with these arguments (in `dir`). */
  tsc(args: string[]): Promise<{ ok: boolean; output: string }>;
  dispose(): void;
}

/**
 * A fresh app outside the workspace with every publishable package installed from its tarball,
 * as a user of the registry gets them. `pnpm install --prefer-offline` takes the packages from
 * pnpm's store; only registry metadata it has not cached yet is fetched. Overrides send the
 * packages' own `@gatehousejs/*` dependencies to the tarballs too, not to the registry.
 */
export async function createPackedApp(root: string): Promise<PackedApp> {
  // The tarballs take `dist` as it is: bring it up to date (a no-op after `pnpm build`).
  const packageProjects = [
    'core',
    'http',
    'express',
    'hono',
    'nestjs',
    'store-memory',
    'store-sql',
    'mailer-smtp',
    'hasher',
    'rate-limit-redis',
    'client',
    'cli',
  ];
  await run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-b', ...packageProjects.map((name) => `packages/${name}`)], {
    cwd: root,
  });

  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-docs-app-'));
  const tarballs = join(dir, 'tarballs');
  mkdirSync(tarballs);
  const packed = packPackages(root, tarballs);
  const fromTarballs = Object.fromEntries(packed.map((pkg) => [pkg.name, `file:${pkg.tarball}`]));
  const manifest = {
    name: 'gatehouse-docs-app',
    private: true,
    type: 'module',
    dependencies: { ...fromTarballs, ...THIRD_PARTY.dependencies },
    devDependencies: THIRD_PARTY.devDependencies,
    pnpm: { overrides: fromTarballs },
  };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(join(dir, 'tsconfig.json'), `${JSON.stringify(TSCONFIG, null, 2)}\n`);
  // Outside the workspace, with the variables `pnpm test` set for the workspace removed.
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith('npm_')));
  await run('pnpm', ['install', '--prefer-offline', '--ignore-workspace', '--no-frozen-lockfile'], {
    cwd: dir,
    env,
    maxBuffer: 16 * 1024 * 1024,
  });

  return {
    dir,
    async tsc(args) {
      try {
        const { stdout, stderr } = await run(process.execPath, [join(dir, 'node_modules/typescript/bin/tsc'), ...args], {
          cwd: dir,
          maxBuffer: 16 * 1024 * 1024,
        });
        return { ok: true, output: `${stdout}${stderr}` };
      } catch (error) {
        const failed = error as { stdout?: string; stderr?: string };
        return { ok: false, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
      }
    },
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}
