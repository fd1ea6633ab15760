// The adapters as they were before the HTTP kernel (issue 21), built from git history, so section 2
// measures the guard before and after side by side in one run rather than against an old table.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * `main` just before the kernel was merged (669d839's first parent): Express and Hono with their own
 * guards, 15 twin files, the synchronous cached-token path. Its benchmark server speaks the same
 * protocol as ours for the guard servers (`{ kind: 'guard', framework, route }`).
 */
export const BEFORE_KERNEL = { commit: 'debbc7c', label: 'before the kernel (debbc7c)' } as const;

const REPOSITORY = fileURLToPath(new URL('../../../', import.meta.url));
const SERVER = 'bench/dist/servers/bench-server.js';

/** The build before the kernel (its directory, and its benchmark server script), or why there is none. */
export type Baseline = { script: string; directory: string } | { missing: string };

/**
 * Builds the tree of `BEFORE_KERNEL.commit` once into the temporary directory (`git archive`, then
 * `pnpm install` and its `tsc -b`; about half a minute) and answers its benchmark server. A clone
 * without that history (a shallow clone) or a failed install answers why, for the report.
 */
export async function beforeKernelServer(): Promise<Baseline> {
  const directory = join(tmpdir(), `gatehouse-bench-${BEFORE_KERNEL.commit}`);
  const ready = join(directory, '.built');
  if (existsSync(ready)) return { script: join(directory, SERVER), directory };
  try {
    await run('git', ['-C', REPOSITORY, 'cat-file', '-e', `${BEFORE_KERNEL.commit}^{commit}`]);
  } catch {
    return { missing: `this clone has no commit ${BEFORE_KERNEL.commit} (a shallow clone: \`git fetch --unshallow\`)` };
  }
  try {
    await rm(directory, { recursive: true, force: true });
    await mkdir(directory, { recursive: true });
    await run('sh', ['-c', `git -C "$1" archive "$2" | tar -x -C "$3"`, 'sh', REPOSITORY, BEFORE_KERNEL.commit, directory]);
    const options = { cwd: directory, maxBuffer: 16 * 1024 * 1024 };
    await run('pnpm', ['install', '--frozen-lockfile', '--prefer-offline'], options);
    // That commit's build lists @gatehousejs/http before @gatehousejs/store-memory, which a test
    // helper of http imports: the first pass fails there, a second finds it built.
    await run('pnpm', ['run', 'build'], options).catch(() => run('pnpm', ['run', 'build'], options));
    await writeFile(ready, `${BEFORE_KERNEL.commit}\n`);
    return { script: join(directory, SERVER), directory };
  } catch (error) {
    const { message, stdout } = error as Error & { stdout?: string };
    const said = `${message}\n${stdout ?? ''}`.trim().split('\n').slice(-3).join(' / ');
    return { missing: `building ${BEFORE_KERNEL.commit} in ${directory} failed: ${said}` };
  }
}

/** The example server of `framework` in the build before the kernel (Express and Hono were all it had). */
export const beforeKernelExample = (directory: string, framework: 'express' | 'hono'): string =>
  join(directory, `examples/${framework}-server/dist/main.js`);
