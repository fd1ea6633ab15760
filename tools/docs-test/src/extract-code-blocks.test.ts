import { describe, expect, it } from 'vitest';
import { extractCodeBlocks } from './extract-code-blocks.js';

describe('extractCodeBlocks', () => {
  it('returns each ts and typescript block with the page line of its first code line and its flags', () => {
    const page = ['# Title', '', '```ts', 'const a = 1;', '```', 'text', '```typescript no-check', 'partial(', '```'].join('\n');
    expect(extractCodeBlocks('docs/x.md', page)).toEqual([
      { file: 'docs/x.md', line: 4, flags: [], code: 'const a = 1;' },
      { file: 'docs/x.md', line: 8, flags: ['no-check'], code: 'partial(' },
    ]);
  });

  it('skips other languages, and a ts fence quoted inside a longer fence', () => {
    const page = ['```sh', 'pnpm test', '```', '````md', '```ts', 'quoted();', '```', '````'].join('\n');
    expect(extractCodeBlocks('README.md', page)).toEqual([]);
  });
});
