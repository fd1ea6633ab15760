// Vitest 4 no longer reads workspace files: this file keeps the project list in the place the
// repository layout promises, and vitest.config.ts imports it into `test.projects`.
// tools/docs-test compiles the docs' examples against the packed packages and runs the README's quick start.
export const projects = ['packages/*', 'examples/*', 'tools/docs-test'];
