import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CodeBlock } from './extract-code-blocks.js';
import type { PackedApp } from './packed-app.js';

export interface CompiledExamples {
  /** Compiler errors of the examples, each as `page:line:column TSxxxx: message`; empty when all compile. */
  exampleErrors: string[];
  /** The same for the quick start. */
  quickStartErrors: string[];
  /** The quick start compiled to JavaScript, relative to the app's folder. */
  quickStartEntry: string;
}

/** One file per block, named after its page and line. */
function blockFile(block: CodeBlock): string {
  return `examples/${block.file.replace(/[^a-z0-9]+/gi, '-')}-L${block.line}.ts`;
}

/**
 * Writes every example and the quick start into the packed app and compiles them in one run of
 * the app's own TypeScript (one program: the library's types are checked once, not once a block).
 * Each example is a module of its own beside `docs-context.d.ts`; the quick start is emitted too,
 * so it can be started.
 */
export async function compileExamples(app: PackedApp, examples: CodeBlock[], quickStart: CodeBlock): Promise<CompiledExamples> {
  mkdirSync(join(app.dir, 'examples'));
  mkdirSync(join(app.dir, 'quick-start'));
  for (const declarations of ['docs-context.d.ts', 'next-shim.d.ts']) {
    copyFileSync(fileURLToPath(new URL(`../app/${declarations}`, import.meta.url)), join(app.dir, 'examples', declarations));
  }
  const byFile = new Map<string, CodeBlock>([['quick-start/server.ts', quickStart]]);
  writeFileSync(join(app.dir, 'quick-start', 'server.ts'), quickStart.code);
  for (const block of examples) {
    byFile.set(blockFile(block), block);
    // `export {}` last, so the block is a module (its names stay its own) and its lines keep their numbers.
    writeFileSync(join(app.dir, blockFile(block)), `${block.code}\nexport {};\n`);
  }
  const tsconfig = {
    extends: './tsconfig.json',
    compilerOptions: { noEmit: false, rootDir: '.', outDir: 'out' },
    include: ['examples', 'quick-start'],
  };
  writeFileSync(join(app.dir, 'tsconfig.examples.json'), JSON.stringify(tsconfig));

  const result = await app.tsc(['-p', 'tsconfig.examples.json', '--pretty', 'false']);

  // "examples/docs-mail-md-L58.ts(3,5): error TS2304: …" becomes "docs/mail.md:60:5 TS2304: …";
  // a line that names no block (a continuation, an error in a library) is kept as it is.
  const exampleErrors: string[] = [];
  const quickStartErrors: string[] = [];
  for (const line of result.output.split('\n').filter((text) => text.trim() !== '')) {
    const at = /^([^()]+)\((\d+),(\d+)\): error (.*)$/.exec(line);
    const block = at ? byFile.get(at[1] ?? '') : undefined;
    const message = at && block ? `${block.file}:${block.line + Number(at[2]) - 1}:${at[3]} ${at[4]}` : line;
    (at?.[1] === 'quick-start/server.ts' ? quickStartErrors : exampleErrors).push(message);
  }
  if (!result.ok && exampleErrors.length === 0 && quickStartErrors.length === 0) exampleErrors.push(`tsc failed:\n${result.output}`);
  return { exampleErrors, quickStartErrors, quickStartEntry: 'out/quick-start/server.js' };
}
