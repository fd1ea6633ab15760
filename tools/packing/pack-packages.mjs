// Packs the publishable packages (packages/* that are not private) as the registry would receive
// them: one `pnpm pack` over all of them, which replaces `workspace:` ranges with versions. Shared by
// `pnpm check:packages` and the docs test, so both look at the same tarballs.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The publishable packages under `root/packages`.
 * @param {string} root the repository root
 * @returns {{ dir: string, name: string, version: string, manifest: Record<string, any> }[]}
 */
export function publishablePackages(root) {
  return readdirSync(join(root, 'packages'))
    .map((dir) => join(root, 'packages', dir))
    .filter((dir) => existsSync(join(dir, 'package.json')))
    .map((dir) => {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      return { dir, name: manifest.name, version: manifest.version, manifest };
    })
    .filter((pkg) => !pkg.manifest.private);
}

/** pnpm names a scoped package's tarball `scope-name-version.tgz`. */
export function tarballName(name, version) {
  return `${name.replace(/^@/, '').replace('/', '-')}-${version}.tgz`;
}

/**
 * Packs every publishable package into `destination` (needs a build first: the tarballs take
 * `dist` as it is). Returns each package with the path of its tarball.
 * @param {string} root the repository root
 * @param {string} destination an existing folder
 */
export function packPackages(root, destination) {
  const packages = publishablePackages(root);
  const filters = packages.flatMap((pkg) => ['--filter', pkg.name]);
  execFileSync('pnpm', ['--recursive', ...filters, 'pack', '--pack-destination', destination], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return packages.map((pkg) => {
    const tarball = join(destination, tarballName(pkg.name, pkg.version));
    if (!existsSync(tarball)) throw new Error(`${pkg.name}: pnpm pack wrote no ${tarball}`);
    return { ...pkg, tarball };
  });
}
