// `pnpm bench`: runs every benchmark one after another, prints the table and writes
// docs/performance.md (results, machine, and the design notes of bench/performance-design.md).
import { readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { describeMachine, loadAverage } from './lib/machine.js';
import { Report, formatValue } from './lib/report.js';
import { readSettings, type BenchSettings } from './lib/settings.js';
import { benchGuard } from './suites/guard.js';
import { benchInstructions } from './suites/instructions.js';
import { benchLogin } from './suites/login.js';
import { benchMemory } from './suites/memory.js';
import { benchPeers } from './suites/peers.js';
import { benchResourceGuard } from './suites/resource-guard.js';
import { benchRevocation } from './suites/revocation.js';
import { benchSecondFactor } from './suites/second-factor.js';
import { benchRoutes } from './suites/routes.js';
import { benchStores } from './suites/stores.js';
import { benchTokens } from './suites/tokens.js';

const SUITES: Record<string, (report: Report, settings: BenchSettings) => Promise<void>> = {
  tokens: benchTokens,
  guard: benchGuard,
  login: benchLogin,
  memory: benchMemory,
  stores: benchStores,
  routes: benchRoutes,
  instructions: benchInstructions,
  peers: benchPeers,
  keys: benchResourceGuard,
  revocation: benchRevocation,
  mfa: benchSecondFactor,
};

const DOCUMENT = new URL('../../docs/performance.md', import.meta.url);
const DESIGN_NOTES = new URL('../performance-design.md', import.meta.url);

function targetTable(report: Report): string {
  const rows = report.targets.map(
    (f) => `| ${f.name} | ${formatValue(f.summary)} ${f.unit} | ${f.target!.text} | ${f.target!.holds ? 'holds' : '**missed**'} |`,
  );
  return ['| Target | Median | Wanted | Result |', '|---|---:|---|---|', ...rows].join('\n');
}

async function main(): Promise<void> {
  const settings = readSettings(process.argv.slice(2));
  const names = settings.only ?? Object.keys(SUITES);
  const machine = describeMachine();
  const started = new Date();
  const loadBefore = loadAverage();
  // Other work on the machine moves every figure: sample the load average through the run to say how much there was.
  const loadSamples = [Number(loadBefore)];
  const sampler = setInterval(() => loadSamples.push(Number(loadAverage())), 10_000);
  sampler.unref();
  console.log(`Gatehouse benchmarks on ${machine}, load average ${loadBefore}${settings.quick ? ' (quick: 1 short run each)' : ''}`);
  const report = new Report();
  for (const name of names) {
    const suite = SUITES[name];
    if (!suite) throw new Error(`unknown benchmark "${name}"; choose from ${Object.keys(SUITES).join(', ')}`);
    const t = performance.now();
    process.stdout.write(`running ${name} … `);
    await suite(report, settings);
    console.log(`${((performance.now() - t) / 1000).toFixed(0)} s`);
  }

  console.log(`\n${report.toTerminal()}\n`);
  const loadAfter = loadAverage();
  clearInterval(sampler);
  loadSamples.push(Number(loadAfter));
  const loadRange = `${Math.min(...loadSamples).toFixed(2)}–${Math.max(...loadSamples).toFixed(2)}`;
  const minutes = ((Date.now() - started.getTime()) / 60_000).toFixed(1);
  const missed = report.targets.filter((f) => !f.target!.holds);
  console.log(
    `${report.targets.length - missed.length} of ${report.targets.length} targets hold${missed.length ? `; missed: ${missed.map((f) => f.name).join('; ')}` : ''}.`,
  );

  const runs = settings.quick
    ? 'one short run per figure (`--quick`): indicative only'
    : `median of ${settings.runs} runs, spread = lowest–highest run`;
  const document = [
    '# Performance',
    '',
    `<!-- Written by \`pnpm bench\` (bench/src/run-all.ts); edit bench/performance-design.md for the prose below the figures. -->`,
    '',
    `Measured on ${started.toISOString().slice(0, 10)} on ${machine}; ${runs}; ${minutes} minutes. 1-minute load average ${loadBefore} at the start and ${loadAfter} at the end, ${loadRange} in samples every 10 s (the machine has ${availableParallelism()} cores: above about 1, other work shared them with the benchmark). Benchmarks run one at a time; each server runs in its own process, the load generator in the benchmark process.`,
    '',
    '## Targets',
    '',
    targetTable(report),
    '',
    '## Figures',
    '',
    report.toMarkdown(),
    (await readFile(DESIGN_NOTES, 'utf8')).trim(),
    '',
  ].join('\n');
  // A quick or partial run is for trying the scripts; only a full run replaces the document.
  if (settings.quick || settings.only || settings.threadNice !== undefined) {
    console.log(`not writing ${DOCUMENT.pathname}: only a full run with default settings does`);
    return;
  }
  await writeFile(DOCUMENT, document);
  console.log(`wrote ${DOCUMENT.pathname}`);
}

await main();
