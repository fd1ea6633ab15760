import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const fixture = fileURLToPath(new URL('../type-fixtures/registered-roles.ts', import.meta.url));

/** The fixture compiled alone with the tests' compiler options (`paths` to every package's sources). */
function diagnosticsOf(file: string): string[] {
  const configFile = ts.readConfigFile(`${root}tsconfig.tests.json`, ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(configFile.config, ts.sys, root);
  const program = ts.createProgram({ rootNames: [file], options: { ...options, noEmit: true } });
  expect(program.getSourceFile(file)).toBeDefined();
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('the Register interface', () => {
  it('types guards without auth, req.user and requireUser with the registered roles', { timeout: 180_000 }, () => {
    // The fixture's `@ts-expect-error` lines fail the compile if 'nope' were accepted, and its
    // `Equal<…> = true` lines if a type did not follow the registered set.
    expect(diagnosticsOf(fixture)).toEqual([]);
  });
});
