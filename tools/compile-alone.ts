import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('../', import.meta.url));

/**
 * The compiler's messages for `file` compiled alone (a program of its own) with the options of
 * `tsconfig` (relative to the repository; default the tests' one: `paths` to every package's
 * sources); `[]` when it compiles.
 * For type fixtures that augment `Register`: the augmentation retypes `Role` in every file of the
 * program it is in, so such a fixture never shares one with other files.
 *
 * @example
 * expect(compileAlone(fileURLToPath(new URL('../type-fixtures/registered-roles.ts', import.meta.url)))).toEqual([]);
 */
export function compileAlone(file: string, tsconfig = 'tsconfig.tests.json'): string[] {
  const path = join(root, tsconfig);
  const configFile = ts.readConfigFile(path, ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(configFile.config, ts.sys, dirname(path), undefined, path);
  const program = ts.createProgram({ rootNames: [file], options: { ...options, noEmit: true } });
  if (!program.getSourceFile(file)) return [`${file} is not in the program`];
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}
