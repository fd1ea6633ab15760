// Vitest 4 no longer reads workspace files: this file keeps the project list in the place the
// repository layout promises, and vitest.config.ts imports it into `test.projects`.
export const projects = ['packages/*', 'examples/*'];
