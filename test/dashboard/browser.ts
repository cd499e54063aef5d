/** Headless Chromium (or Chrome) driven by playwright-core, for the dashboard browser tests. */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { type Dashboard, startDashboard } from '../../src/dashboard/start-dashboard.js';
import { findChromium } from './find-chromium.js';

export const ARTIFACTS_DIR = fileURLToPath(new URL('../../test-artifacts/dashboard/', import.meta.url));

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: findChromium(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Errors the page reported: uncaught exceptions, console errors (CSP violations among them), failed requests. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('requestfailed', (request) => {
    if (!request.url().includes('/api/events')) errors.push(`requestfailed: ${request.url()}`);
  });
  return errors;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: `${ARTIFACTS_DIR}${name}.png`, fullPage: true });
}

/** Set by the injected payload if it ever ran. */
export function pwned(page: Page): Promise<unknown> {
  return page.evaluate('window.__pwned');
}

/** A dashboard serving `resultsDir` and a Chromium page beside it, the page's errors collected as they come. */
export interface DashboardInChromium {
  readonly dashboard: Dashboard;
  readonly page: Page;
  readonly errors: string[];
  /** Opens the dashboard at `hash` (`#/runs`, `#/run/<id>`). */
  open(hash: string): Promise<unknown>;
  /** The text of the first element `selector` finds. */
  text(selector: string): Promise<string>;
  close(): Promise<void>;
}

export async function openDashboardInChromium(resultsDir: string): Promise<DashboardInChromium> {
  const dashboard = await startDashboard({ resultsDir, host: '127.0.0.1', port: 0, pollMs: 200 });
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
  return {
    dashboard,
    page,
    errors: collectPageErrors(page),
    open: (hash) => page.goto(`${dashboard.url}${hash}`),
    text: async (selector) => (await page.locator(selector).first().textContent()) ?? '',
    close: async () => {
      await browser.close();
      await dashboard.close();
    },
  };
}
