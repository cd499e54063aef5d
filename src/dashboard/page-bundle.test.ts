import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Script } from 'node:vm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DashboardError } from './dashboard-error.js';
import { loadPageAssets } from './page-assets.js';
import { loadPageBundle } from './page-bundle.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'holodeck-bundle-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function failure(load: () => Promise<unknown>): Promise<string> {
  try {
    await load();
  } catch (error) {
    if (error instanceof DashboardError) return `${error.code}: ${error.message}`;
    throw error;
  }
  return 'no error';
}

describe('loadPageBundle', () => {
  it('is one classic script holding every page module, which parses and ends no script element', async () => {
    const bundle = await loadPageBundle();
    expect(() => new Script(bundle)).not.toThrow();
    expect(bundle).not.toMatch(/^\s*(import|export)\b/m);
    expect(bundle).not.toMatch(/<\/script|<!--/i);
    const modules = [...(await loadPageAssets()).keys()].filter((name) => name.endsWith('.js'));
    for (const name of modules) expect(bundle, name).toContain(`src/dashboard/page/${name}`);
  });

  it('says how to build it when it is missing', async () => {
    const path = join(dir, 'page.bundle.js');
    expect(await failure(() => loadPageBundle(path))).toBe(
      `PAGE_ASSETS_MISSING: the dashboard page bundle is missing: ${path} (build it with \`npm run build\`)`,
    );
  });

  it('refuses a bundle that would end the script element it is inlined into', async () => {
    const path = join(dir, 'page.bundle.js');
    await writeFile(path, 'const s = "</script>";');
    expect(await failure(() => loadPageBundle(path))).toBe(
      `PAGE_BUNDLE_INVALID: the dashboard page bundle ${path} contains \`</script\` or \`<!--\``,
    );
  });
});
