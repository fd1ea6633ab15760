import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { ServerUnderTest } from '@gatehousejs/http/testing';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, onTestFailed } from 'vitest';

/** Debian's `chromium` package; `npx playwright install` cannot download a browser on these machines. */
export const CHROMIUM_PATH = process.env.GATEHOUSE_CHROMIUM_PATH ?? '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const REPOSITORY = fileURLToPath(new URL('../../../../', import.meta.url));
/** Screenshots of failed tests go here (gitignored). */
export const FAILURE_SCREENSHOTS = `${REPOSITORY}test-results/e2e/`;
/** README screenshots, rewritten only when GATEHOUSE_UPDATE_SCREENSHOTS=1. */
const README_IMAGES = `${REPOSITORY}docs/images/`;

/**
 * Whether the browser tests can run here: `missing` says why not. Without Chromium they are skipped
 * with that message, unless GATEHOUSE_REQUIRE_BROWSER=1 (CI sets it): then they fail with it.
 */
export function browserPlan(): { missing: string | undefined; required: boolean } {
  const required = process.env.GATEHOUSE_REQUIRE_BROWSER === '1';
  if (existsSync(CHROMIUM_PATH)) return { missing: undefined, required };
  return {
    missing:
      `Chromium is not installed at ${CHROMIUM_PATH}: the browser tests of the demo app need it. ` +
      'Install it with `apt-get update && apt-get install -y chromium` (.ci/run does this), ' +
      'or point GATEHOUSE_CHROMIUM_PATH at a Chromium binary.',
    required,
  };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, timeout: 30_000 });
}

/** The window size of every browser profile: the README's screenshots are taken at it. */
const VIEWPORT = { width: 1100, height: 780 };

/** Chromium and an example server for one `describe` block, as `browserSession` gives them. */
export interface BrowserSession {
  /** The server `start` gave; read it in a test or a hook, once it has started. */
  readonly server: ServerUnderTest;
  /** A fresh browser profile: its own sessionStorage, as another person on another machine. */
  newPerson(): Promise<Page>;
}

/**
 * Starts Chromium and the server (`start`) side by side before the block's tests, and closes every
 * profile, the browser and the server after them.
 */
export function browserSession(start: () => Promise<ServerUnderTest>): BrowserSession {
  let browser: Browser | undefined;
  let server: ServerUnderTest | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    [server, browser] = await Promise.all([start(), launchChromium()]);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await server?.close();
  });
  return {
    get server() {
      if (!server) throw new Error('the server of this browser session has not started');
      return server;
    },
    async newPerson() {
      if (!browser) throw new Error('the browser of this session has not started');
      const context = await browser.newContext({ viewport: VIEWPORT });
      contexts.push(context);
      return context.newPage();
    },
  };
}

/** A free TCP port on 127.0.0.1, so APP_URL (the links in the mails) can name it before start. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Within a test: when it fails, every page it names is saved as a full-page screenshot. */
export function screenshotOnFailure(testName: string, pages: () => Record<string, Page | undefined>): void {
  onTestFailed(async () => {
    mkdirSync(FAILURE_SCREENSHOTS, { recursive: true });
    const slug = testName.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
    for (const [name, page] of Object.entries(pages())) {
      if (!page || page.isClosed()) continue;
      const path = `${FAILURE_SCREENSHOTS}${slug}--${name}.png`;
      await page.screenshot({ path, fullPage: true }).catch(() => undefined);
      console.error(`[e2e] screenshot of the failed test: ${path}`);
    }
  });
}

/**
 * Saves a README screenshot (docs/images/<name>.png) of the whole page when
 * GATEHOUSE_UPDATE_SCREENSHOTS=1; otherwise does nothing, so a test run leaves the tree clean.
 */
export async function readmeScreenshot(page: Page, name: string): Promise<void> {
  if (process.env.GATEHOUSE_UPDATE_SCREENSHOTS !== '1') return;
  mkdirSync(README_IMAGES, { recursive: true });
  await page.bringToFront();
  // No focus ring or hover left over from the last click.
  await page.evaluate('document.activeElement?.blur()');
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `${README_IMAGES}${name}.png`, fullPage: true });
}

/** Waits (up to 10 s) until the element's visible text contains `text`. */
export async function expectText(locator: Locator, text: string | RegExp): Promise<void> {
  await expect
    .poll(() => locator.innerText({ timeout: 1000 }).catch(() => ''), { timeout: 10_000, interval: 50 })
    .toMatch(typeof text === 'string' ? new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : text);
}
