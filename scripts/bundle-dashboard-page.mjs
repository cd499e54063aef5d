#!/usr/bin/env node
/**
 * Bundles the dashboard page's ES modules (src/dashboard/page/app.js and what it imports) into one classic
 * script, dist/dashboard/page.bundle.js, which `holodeck test view --export` inlines into the self-contained
 * HTML report. Run by `npm run build`; the served dashboard loads the modules themselves.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const PAGE_ENTRY = `${ROOT}src/dashboard/page/app.js`;
export const PAGE_BUNDLE = `${ROOT}dist/dashboard/page.bundle.js`;

/** The bundle's text; throws when the page cannot be bundled or would end its own script element. */
export async function bundleDashboardPage(entry = PAGE_ENTRY) {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    charset: 'utf8',
    legalComments: 'none',
    logLevel: 'silent',
    absWorkingDir: ROOT,
  });
  const text = result.outputFiles[0]?.text ?? '';
  if (/<\/script|<!--/i.test(text)) throw new Error('the dashboard page bundle contains `</script` or `<!--`');
  return text;
}

export async function writeDashboardPageBundle(entry = PAGE_ENTRY, out = PAGE_BUNDLE) {
  const text = await bundleDashboardPage(entry);
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, text, 'utf8');
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const out = await writeDashboardPageBundle();
    console.log(`dashboard page bundled: ${out}`);
  } catch (error) {
    console.error(`cannot bundle the dashboard page: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
