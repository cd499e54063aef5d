/** A dashboard served on a free port over a results folder, with a Chromium page collecting its errors. */
import type { Browser, Page } from 'playwright-core';
import { type Dashboard, startDashboard } from '../../src/dashboard/start-dashboard.js';
import { collectPageErrors, launchChromium } from './browser.js';

export interface DashboardSession {
  readonly dashboard: Dashboard;
  readonly browser: Browser;
  readonly page: Page;
  /** What the page reported (see collectPageErrors). */
  readonly errors: string[];
  close(): Promise<void>;
}

export async function openDashboard(resultsDir: string): Promise<DashboardSession> {
  const dashboard = await startDashboard({ resultsDir, host: '127.0.0.1', port: 0, pollMs: 200 });
  const browser = await launchChromium().catch(async (error: unknown) => {
    await dashboard.close();
    throw error;
  });
  const page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
  return {
    dashboard,
    browser,
    page,
    errors: collectPageErrors(page),
    async close() {
      await browser.close();
      await dashboard.close();
    },
  };
}
