#!/usr/bin/env node
// `node tools/count-exports.mjs [package...]`: how many names each entry of a package exports (read
// with the TypeScript checker from its built .d.ts, so run `pnpm build` first), and which of the
// root's names no file outside the package imports from the root. "Imports" means an
// `import`/`export … from '<package>'` or an `import('<package>').Name` type query in a tracked
// .ts/.tsx/.mts/.js/.mjs file or a Markdown page; a name used only inside its own package is an
// internal that the root did not need to publish. Prints `--list` detail for each unused name.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const list = args.includes('--list');
const wanted = args.filter((arg) => !arg.startsWith('--'));
const packages = wanted.length > 0 ? wanted : ['core', 'http'];

function exportsOf(dts) {
  const program = ts.createProgram([dts], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(dts);
  const symbol = source && checker.getSymbolAtLocation(source);
  if (!symbol) throw new Error(`cannot read ${dts}`);
  return checker.getExportsOfModule(symbol).map((entry) => entry.name);
}

/** Names imported from exactly `specifier`, by file, across the tracked files outside `packageDir`. */
function importsFrom(specifier, packageDir) {
  const quoted = specifier.replace(/[/.@]/g, (c) => `\\${c}`);
  const named = new RegExp(`(?:import|export)\\s+(?:type\\s+)?\\{([^}]*)\\}\\s+from\\s+['"]${quoted}['"]`, 'g');
  const query = new RegExp(`import\\(['"]${quoted}['"]\\)\\.(\\w+)`, 'g');
  const files = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.mts', '*.js', '*.mjs', '*.md'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => file !== '' && !file.startsWith(`${packageDir}/`) && !file.startsWith('.changeset/') && !file.includes('CHANGELOG'));
  const used = new Set();
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const match of text.matchAll(named)) {
      for (const part of match[1].split(',')) {
        const name = part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0];
        if (name) used.add(name);
      }
    }
    for (const match of text.matchAll(query)) used.add(match[1]);
  }
  return used;
}

for (const name of packages) {
  const packageDir = `packages/${name}`;
  const manifest = JSON.parse(readFileSync(join(root, packageDir, 'package.json'), 'utf8'));
  for (const [entry, target] of Object.entries(manifest.exports)) {
    if (typeof target !== 'object' || !target.types) continue;
    const specifier = entry === '.' ? manifest.name : `${manifest.name}/${entry.slice(2)}`;
    const names = exportsOf(join(root, packageDir, target.types));
    const used = importsFrom(specifier, packageDir);
    const unused = names.filter((exported) => !used.has(exported));
    console.log(`${specifier}: ${names.length} names, ${unused.length} not imported outside ${packageDir}`);
    if (list && unused.length > 0) console.log(`  ${unused.sort().join(', ')}`);
  }
}
