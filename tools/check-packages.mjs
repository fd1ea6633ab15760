#!/usr/bin/env node
// `pnpm check:packages`: packs every publishable package as the registry would receive it, then
// checks each tarball offline: publint --strict (package.json, exports, files), attw --profile
// esm-only (types resolve for ESM consumers), the root LICENSE and a README.md inside, and every
// `sources` entry of every source map pointing at a file the tarball ships. Last, typedoc builds
// the API reference into a scratch folder, so a TSDoc error fails here rather than at release.
// Needs a build first (`pnpm build` or `pnpm typecheck`); CI runs it before the tests.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packPackages } from './packing/pack-packages.mjs';

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

/** Unpacks a tarball into `into` and lists its files as paths relative to `into/package`. */
function unpack(tarball, into) {
  execFileSync('tar', ['-xzf', tarball, '-C', into]);
  const base = join(into, 'package');
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.push(posix.relative(base.split('\\').join('/'), path.split('\\').join('/')));
    }
  };
  walk(base);
  return { base, files };
}

/** LICENSE (the root's text) and README.md must ship: the registry shows both, and MIT requires the notice. */
function missingDocuments(base, files) {
  const problems = [];
  if (!files.includes('README.md')) problems.push('README.md is not in the tarball');
  if (!files.includes('LICENSE')) problems.push('LICENSE is not in the tarball');
  else if (readFileSync(join(base, 'LICENSE'), 'utf8') !== readFileSync(join(root, 'LICENSE'), 'utf8')) {
    problems.push("LICENSE differs from the repository's LICENSE");
  }
  return problems;
}

/** A map whose `sources` name a file outside the tarball sends debuggers and editors nowhere. */
function danglingMapSources(base, files) {
  const shipped = new Set(files);
  const problems = [];
  for (const mapFile of files.filter((file) => file.endsWith('.map'))) {
    const map = JSON.parse(readFileSync(join(base, mapFile), 'utf8'));
    for (const source of map.sources ?? []) {
      const target = posix.normalize(posix.join(posix.dirname(mapFile), map.sourceRoot ?? '', source));
      if (!shipped.has(target)) problems.push(`${mapFile}: source ${source} is not in the tarball`);
    }
  }
  return problems;
}

let packages = [];
try {
  packages = packPackages(root, work);
  for (const { name, tarball } of packages) {
    const problems = [];
    const publint = run(bin('publint'), ['run', '--strict', tarball]);
    if (!publint.ok) problems.push(`publint --strict:\n${publint.output}`);
    const attw = run(bin('attw'), ['--profile', 'esm-only', '--no-emoji', '--no-color', '--format', 'ascii', tarball]);
    if (!attw.ok) problems.push(`attw --profile esm-only:\n${attw.output}`);
    const { base, files } = unpack(tarball, mkdtempSync(join(work, 'unpacked-')));
    problems.push(...missingDocuments(base, files), ...danglingMapSources(base, files));
    const maps = files.filter((file) => file.endsWith('.map')).length;
    if (problems.length > 0) failures.push(`${name}:\n${problems.join('\n')}`);
    console.log(`${problems.length === 0 ? 'ok  ' : 'FAIL'} ${name} (${files.length} files, ${maps} maps)`);
  }
  const typedoc = run(bin('typedoc'), ['--out', join(work, 'api'), '--logLevel', 'Warn', '--treatWarningsAsErrors'], { cwd: root });
  if (!typedoc.ok) failures.push(`typedoc (pnpm docs:api):\n${typedoc.output}`);
  console.log(`${typedoc.ok ? 'ok  ' : 'FAIL'} typedoc API reference`);
} finally {
  rmSync(work, { recursive: true, force: true });
}

if (failures.length > 0) {
  console.error(`\n${failures.join('\n\n')}`);
  process.exit(1);
}
console.log(
  `${packages.length} packages: publint --strict and attw --profile esm-only clean; LICENSE, README.md and every source map's sources shipped; typedoc clean.`,
);
