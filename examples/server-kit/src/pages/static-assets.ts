import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// The pages are plain files, served as they are (no build step). Both src/pages/ and dist/pages/
// sit two levels below the package root, so this one path finds them from the sources (tests)
// and from the compiled server alike; tsc does not copy non-TypeScript files to dist/.
const ASSETS_DIR = fileURLToPath(new URL('../../src/pages/assets/', import.meta.url));

const CONTENT_TYPES: Readonly<Record<string, string>> = Object.freeze({
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
});

export interface StaticAsset {
  contentType: string;
  body: string;
}

let assets: ReadonlyMap<string, StaticAsset> | undefined;

/** Every file of the assets folder by name, read once on first use. */
function loadAssets(): ReadonlyMap<string, StaticAsset> {
  const loaded = new Map<string, StaticAsset>();
  for (const name of readdirSync(ASSETS_DIR)) {
    const contentType = CONTENT_TYPES[name.slice(name.lastIndexOf('.'))];
    if (contentType) loaded.set(name, { contentType, body: readFileSync(`${ASSETS_DIR}${name}`, 'utf8') });
  }
  return loaded;
}

/**
 * A file of the assets folder by its plain name (`app.css`), or undefined. Names are looked up in
 * the folder's listing, never joined into a path, so `../` and the like find nothing.
 */
export function findAsset(name: string): StaticAsset | undefined {
  assets ??= loadAssets();
  return assets.get(name);
}
