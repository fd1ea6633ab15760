import type { Summary } from './stats.js';

/** One measured figure: the median of several runs and its spread. */
export interface Figure {
  section: string;
  name: string;
  unit: string;
  summary: Summary;
  /** The target this figure is held to, e.g. `≥ 85 %`, and whether its median meets it. */
  target?: { text: string; holds: boolean };
  note?: string;
}

export interface Section {
  title: string;
  /** What was measured and how, one or two sentences for the reader of the table. */
  method: string;
}

const round = (value: number) => {
  const abs = Math.abs(value);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : 3;
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
};

export const formatValue = (summary: Summary) => round(summary.median);
export const formatSpread = (summary: Summary) => (summary.runs > 1 ? `${round(summary.low)}–${round(summary.high)}` : '—');

/** Collects figures section by section and renders them for the terminal and for Markdown. */
export class Report {
  readonly sections: Section[] = [];
  readonly figures: Figure[] = [];

  section(section: Section): void {
    this.sections.push(section);
  }

  add(figure: Omit<Figure, 'section'>): void {
    const section = this.sections.at(-1);
    if (!section) throw new Error('add a section before its figures');
    this.figures.push({ section: section.title, ...figure });
  }

  /** Adds a figure held to `target`: `at least` or `at most` `bound`, shown as `text`. */
  check(figure: Omit<Figure, 'section' | 'target'>, rule: { atLeast?: number; atMost?: number; text: string }): void {
    const m = figure.summary.median;
    const holds = (rule.atLeast === undefined || m >= rule.atLeast) && (rule.atMost === undefined || m <= rule.atMost);
    this.add({ ...figure, target: { text: rule.text, holds } });
  }

  get targets(): Figure[] {
    return this.figures.filter((f) => f.target);
  }

  toTerminal(): string {
    const rows = [['', 'figure', 'median', 'spread (min–max)', 'unit', 'target']];
    for (const section of this.sections) {
      rows.push([section.title, '', '', '', '', '']);
      for (const f of this.figures.filter((x) => x.section === section.title)) {
        const target = f.target ? `${f.target.text} ${f.target.holds ? 'holds' : 'MISSED'}` : '';
        rows.push(['', f.name, formatValue(f.summary), formatSpread(f.summary), f.unit, target]);
      }
    }
    const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
    return rows
      .map((r) =>
        r[1] === '' && r[0] !== ''
          ? r[0]!
          : r
              .map((cell, i) => (i === 2 || i === 3 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
              .join('  ')
              .trimEnd(),
      )
      .join('\n');
  }

  toMarkdown(): string {
    const out: string[] = [];
    for (const section of this.sections) {
      out.push(
        `### ${section.title}`,
        '',
        section.method,
        '',
        '| Figure | Median | Spread (min–max) | Unit | Target |',
        '|---|---:|---:|---|---|',
      );
      for (const f of this.figures.filter((x) => x.section === section.title)) {
        const target = f.target ? `${f.target.text}: ${f.target.holds ? '**holds**' : '**missed**'}` : '';
        const name = f.note ? `${f.name} (${f.note})` : f.name;
        out.push(`| ${name} | ${formatValue(f.summary)} | ${formatSpread(f.summary)} | ${f.unit} | ${target} |`);
      }
      out.push('');
    }
    return out.join('\n');
  }
}
