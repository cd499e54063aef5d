/**
 * The page's static files (`src/dashboard/page/*.js|css`), read once into memory and served by name from that
 * list only. They are found relative to the package root, so the same path works from `src/dashboard` (tests)
 * and from `dist/dashboard` (the built CLI); the package therefore ships `src/dashboard/page/`.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DashboardError } from './dashboard-error.js';

export const PAGE_DIR = fileURLToPath(new URL('../../src/dashboard/page/', import.meta.url));

const ASSET_NAME = /^[a-z0-9][a-z0-9-]*\.(js|css)$/;
const CONTENT_TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
};

/** The stylesheets, in cascade order (the served page links them in this order; the export inlines them so). */
export const STYLESHEETS = [
  'base.css',
  'layout.css',
  'components.css',
  'tables.css',
  'charts.css',
  'lists.css',
  'case.css',
  'exchange.css',
  'compare.css',
  'repeats.css',
] as const;

export interface PageAsset {
  readonly name: string;
  readonly text: string;
  readonly contentType: string;
  readonly etag: string;
}

export type PageAssets = ReadonlyMap<string, PageAsset>;

export async function loadPageAssets(pageDir: string = PAGE_DIR): Promise<PageAssets> {
  let names: string[];
  try {
    names = (await readdir(pageDir)).filter((name) => ASSET_NAME.test(name)).sort();
  } catch (error) {
    throw new DashboardError('PAGE_ASSETS_MISSING', `the dashboard page files are missing: ${pageDir}`, {
      cause: error,
    });
  }
  const assets = new Map<string, PageAsset>();
  for (const name of names) {
    const text = await readFile(join(pageDir, name), 'utf8');
    const extension = name.slice(name.lastIndexOf('.') + 1);
    const etag = `"${createHash('sha256').update(text).digest('base64url').slice(0, 22)}"`;
    assets.set(name, { name, text, contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream', etag });
  }
  for (const required of ['app.js', ...STYLESHEETS]) {
    if (!assets.has(required)) {
      throw new DashboardError('PAGE_ASSETS_MISSING', `the dashboard page file ${required} is missing in ${pageDir}`);
    }
  }
  return assets;
}

/** All the page's CSS as one text, in cascade order. */
export function pageStyles(assets: PageAssets): string {
  return STYLESHEETS.map((name) => assets.get(name)?.text ?? '').join('\n');
}
