import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { DIALOG_ENTRY } from '../../src/components/use-back-closes.ts';

const require = createRequire(import.meta.url);
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export const PHONE = { width: 390, height: 844 } as const;
/** A touch phone at PHONE's size, as the admin is used on one. */
export const TOUCH_PHONE = { viewport: PHONE, hasTouch: true, isMobile: true } as const;
export const DESKTOP = { width: 1280, height: 900 } as const;

/** Debian's Chromium (scripts/ensure-test-tools.ts made sure it is there); never a downloaded browser. */
/** `localNames`: names that lead to this machine too, as a site's real name would (all others resolve to nothing). */
export function useBrowser({ localNames = [] }: { localNames?: string[] } = {}): { readonly browser: Browser } {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
        // No name but this machine's resolves: booking pages and other sites stay unreached.
        `--host-resolver-rules=${[...localNames.map((name) => `MAP ${name} 127.0.0.1`), 'MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1'].join(', ')}`,
      ],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    get browser() {
      return browser!;
    },
  };
}

/**
 * Saves a screenshot for a person to look at, into SCREENSHOT_DIR, only when it is set: a plain
 * run writes nothing outside its own temporary folders (it used to leave some 30 images in /tmp
 * each time), and encoding them cost the run CPU it is short of.
 */
export async function keepScreenshot(target: Page | Locator, name: string, { fullPage = false } = {}): Promise<void> {
  const folder = process.env.SCREENSHOT_DIR;
  if (!folder) return;
  const file = path.join(folder, `${name}.png`);
  if ('goto' in target) await target.screenshot({ path: file, fullPage });
  else await target.screenshot({ path: file });
}

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  /** Every URL the page requested, for the third-party check. */
  requests: string[];
  /** Uncaught errors in the page. */
  errors: string[];
  close(): Promise<void>;
}

export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport: DESKTOP, ...options });
  const page = await context.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('pageerror', (error) => errors.push(error.message));
  // A blocked load means the page wanted something its Content-Security-Policy forbids.
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) errors.push(message.text());
  });
  return { page, context, requests, errors, close: () => context.close() };
}

/**
 * Where focus goes after a dialog opens or closes: React and Radix move it a frame or two after
 * the change, later on a busy machine, so a check of it asks again for up to 5 s.
 */
export const FOCUS_SETTLES = { timeout: 5_000 } as const;

/** Fails unless `locator` has the focus within FOCUS_SETTLES. */
export async function expectFocused(locator: Locator, message?: string): Promise<void> {
  await expect
    .poll(() => locator.evaluate((element) => element === document.activeElement), { ...FOCUS_SETTLES, ...(message ? { message } : {}) })
    .toBe(true);
}

/**
 * Waits until the current history entry is (`present`) or is not one an open dialog added
 * (src/components/use-back-closes.ts): it comes just after the dialog shows, and a person's Back never sooner.
 */
export async function dialogInHistory(page: Page, present = true): Promise<void> {
  await page.waitForFunction(([key, want]) => Boolean((history.state as Record<string, unknown> | null)?.[key as string]) === want, [
    DIALOG_ENTRY,
    present,
  ] as const);
}

/**
 * Waits until every island on the page that hydrates after the load has (Astro takes an island's
 * `ssr` attribute away once it has): what waiting for an idle network was for, without its
 * half-second of quiet after every page. An island that fails to hydrate keeps the attribute, and
 * the wait fails. Islands that hydrate on demand (client:ondemand: the menu, the notices) are left
 * to `islandHydrated`, once the test has done what wakes them.
 */
export async function islandsHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]:not([client="ondemand"])').length === 0);
}

/** Waits until the island of the component exported as `name` (such as 'MobileMenu') has hydrated. */
export async function islandHydrated(page: Page, name: string): Promise<void> {
  await page.waitForFunction((component) => {
    const islands = [...document.querySelectorAll(`astro-island[component-export="${component}"]`)];
    return islands.length > 0 && islands.every((island) => !island.hasAttribute('ssr'));
  }, name);
}

/** Opens `url` and waits until its islands have hydrated. */
export async function openHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await islandsHydrated(page);
}

/** Runs axe-core (WCAG 2.0–2.2 A and AA rules) on the page and fails with a readable list. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // Evaluated through DevTools rather than added as a <script>: the page's policy allows no
  // inline script but its own, and should not be loosened for the test.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (ctx: unknown, opts: unknown) => Promise<{ violations: { id: string; help: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    });
    return result.violations.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    );
  });
  expect(violations, `axe on ${page.url()}`).toEqual([]);
}

/** Only this site's own origin: no CDN, no fonts, no analytics. */
export function thirdPartyRequests(requests: string[], siteUrl: string): string[] {
  const origin = new URL(siteUrl).origin;
  return requests.filter((url) => !url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:'));
}
