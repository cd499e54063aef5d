/**
 * The dashboard page as one classic script, bundled at build time by esbuild
 * (`scripts/bundle-dashboard-page.mjs`, run by `npm run build`) into `dist/dashboard/page.bundle.js`. The
 * self-contained HTML export inlines it. Found relative to the package root, so the same path works from
 * `src/dashboard` (tests) and `dist/dashboard` (the built CLI).
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { DashboardError } from './dashboard-error.js';

export const PAGE_BUNDLE_PATH = fileURLToPath(new URL('../../dist/dashboard/page.bundle.js', import.meta.url));

export async function loadPageBundle(path: string = PAGE_BUNDLE_PATH): Promise<string> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new DashboardError(
      'PAGE_ASSETS_MISSING',
      `the dashboard page bundle is missing: ${path} (build it with \`npm run build\`)`,
      { cause: error },
    );
  }
  if (/<\/script|<!--/i.test(text)) {
    throw new DashboardError(
      'PAGE_BUNDLE_INVALID',
      `the dashboard page bundle ${path} contains \`</script\` or \`<!--\``,
    );
  }
  return text;
}
