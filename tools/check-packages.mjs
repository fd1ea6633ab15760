#!/usr/bin/env node
// `pnpm check:packages`: packs every publishable package as the registry would receive it, then
// checks each tarball offline: publint --strict (package.json, exports, files) and attw --profile
// esm-only (types resolve for ESM consumers). Needs a build first (`pnpm build` or `pnpm typecheck`); CI runs it before the tests.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(process.env.BIN_DIR ?? join(root, 'node_modules', '.bin'), name);
const work = mkdtempSync(join(tmpdir(), 'gatehouse-packs-'));
const failures = [];

function run(command, args, options = {}) {
  try {
    return { ok: true, output: execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...options }) };
  } catch (error) {
    return { ok: false, output: `${error.stdout ?? ''}${error.stderr ?? ''}` };
  }
}

/** Files in the tarball (paths under `package/`) and the text of its source maps. */
function listTarball(tarball, into) {
  execFileSync('tar', ['-xzf', tarball, '-C', into]);
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.push(posix.relative(into.split('\\').join('/'), path.split('\\').join('/')));
    }
  };
  walk(into);
  return files;
}

const packages = readdirSync(join(root, 'packages'))
  .map((dir) => join(root, 'packages', dir))
  .filter((dir) => existsSync(join(dir, 'package.json')))
  .filter((dir) => !JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).private);

try {
  for (const dir of packages) {
    const { name } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const out = mkdtempSync(join(work, 'pack-'));
    const packed = run('pnpm', ['pack', '--pack-destination', out], { cwd: dir });
    const tarball = readdirSync(out).find((f) => f.endsWith('.tgz'));
    if (!packed.ok || !tarball) {
      failures.push(`${name}: pnpm pack failed\n${packed.output}`);
      continue;
    }
    const path = join(out, tarball);
    const problems = [];
    const publint = run(bin('publint'), ['run', '--strict', path]);
    if (!publint.ok) problems.push(`publint --strict:\n${publint.output}`);
    const attw = run(bin('attw'), ['--profile', 'esm-only', '--no-emoji', '--no-color', '--format', 'ascii', path]);
    if (!attw.ok) problems.push(`attw --profile esm-only:\n${attw.output}`);
    const unpacked = mkdtempSync(join(work, 'unpacked-'));
    const files = listTarball(path, unpacked);
    if (problems.length > 0) failures.push(`${name}:\n${problems.join('\n')}`);
    console.log(`${problems.length === 0 ? 'ok  ' : 'FAIL'} ${name} (${files.length} files)`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

if (failures.length > 0) {
  console.error(`\n${failures.join('\n\n')}`);
  process.exit(1);
}
console.log(`${packages.length} packages: publint --strict and attw --profile esm-only clean.`);
