/** A fenced TypeScript example of a Markdown page, with the line of the page its code starts on. */
export interface CodeBlock {
  /** The page, relative to the repository root (`docs/mail.md`). */
  file: string;
  /** 1-based line of the page that holds the block's first line of code. */
  line: number;
  /** Words after the language in the fence: `no-check`, `quick-start`. */
  flags: string[];
  code: string;
}

const TYPESCRIPT = new Set(['ts', 'typescript']);

/**
 * Every ```ts / ```typescript block of a Markdown page, in order. Fences of other languages are
 * skipped whole, so a TypeScript fence quoted inside a longer fence is not mistaken for an example.
 */
export function extractCodeBlocks(file: string, markdown: string): CodeBlock[] {
  const lines = markdown.split('\n');
  const blocks: CodeBlock[] = [];
  let open: { fence: string; words: string[]; start: number; body: string[] } | undefined;
  lines.forEach((text, index) => {
    if (open === undefined) {
      const fence = /^(`{3,}|~{3,})\s*(.*)$/.exec(text);
      if (fence) open = { fence: fence[1] ?? '```', words: (fence[2] ?? '').trim().split(/\s+/), start: index + 2, body: [] };
      return;
    }
    if (text.trim().startsWith(open.fence) && text.trim().replace(/[`~]/g, '') === '') {
      const [language = '', ...flags] = open.words;
      if (TYPESCRIPT.has(language.toLowerCase())) blocks.push({ file, line: open.start, flags, code: open.body.join('\n') });
      open = undefined;
      return;
    }
    open.body.push(text);
  });
  return blocks;
}
