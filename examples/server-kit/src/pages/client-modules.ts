import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

// The demo app imports the typed client `@gatehousejs/client` as it is built: its dist/ is plain ES
// modules that import one another by relative `./x.js` paths and nothing else (the package has no
// dependencies), so a browser loads the graph from one folder with no bundler. `pnpm build` (which
// `pnpm start` and CI's `pnpm typecheck` run) makes it; the files are read once, on first use.

export interface ClientModules {
  /** The module's source by plain file name (`index.js`), or undefined. */
  find(name: string): string | undefined;
  /** Why the modules are missing (the package is not built), for the answer to the page. */
  missing: string | undefined;
}

/**
 * The build's `//# sourceMappingURL=x.js.map` would send a browser's developer tools after a map the
 * page does not serve (a 404 in every console); the modules are small and readable without one.
 */
const withoutSourceMapComment = (source: string) => source.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');

function loadClientModules(): ClientModules {
  let folder: string;
  try {
    folder = dirname(createRequire(import.meta.url).resolve('@gatehousejs/client'));
  } catch {
    return {
      find: () => undefined,
      missing: 'The typed client @gatehousejs/client is not built: run `pnpm build`, then restart the server.',
    };
  }
  const modules = new Map<string, string>();
  for (const name of readdirSync(folder)) {
    if (name.endsWith('.js')) modules.set(name, withoutSourceMapComment(readFileSync(`${folder}/${name}`, 'utf8')));
  }
  // Names are looked up in the folder's listing, never joined into a path: `../` finds nothing.
  return { find: (name) => modules.get(name), missing: undefined };
}

let loaded: ClientModules | undefined;

/** The built modules of `@gatehousejs/client`, served to the demo page under `/assets/client/`. */
export function clientModules(): ClientModules {
  loaded ??= loadClientModules();
  return loaded;
}
