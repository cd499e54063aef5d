import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TempDir, tempDir } from '../../test/support/dashboard/temp-dir.js';
import { loadPageAssets, PAGE_DIR, pageStyles, STYLESHEETS } from './page-assets.js';

let temp: TempDir;
beforeEach(async () => {
  temp = await tempDir();
});
afterEach(async () => {
  await temp.cleanup();
});

describe('page assets', () => {
  it('finds the page files next to the sources, every stylesheet in the cascade list', async () => {
    const assets = await loadPageAssets();
    const css = (await readdir(PAGE_DIR)).filter((name) => name.endsWith('.css')).sort();
    expect(css).toEqual([...STYLESHEETS].sort());
    expect(assets.get('app.js')?.contentType).toBe('text/javascript; charset=utf-8');
    expect(pageStyles(assets).indexOf('--bg:')).toBeLessThan(pageStyles(assets).indexOf('.compare-runs'));
  });

  it('never uses innerHTML or other HTML parsing in the page code', async () => {
    const assets = await loadPageAssets();
    for (const asset of assets.values()) {
      expect({
        name: asset.name,
        html: /innerHTML|outerHTML|insertAdjacentHTML|document\.write|DOMParser|eval\(|new Function/.test(asset.text),
      }).toEqual({
        name: asset.name,
        html: false,
      });
    }
  });

  it('reports a missing folder or file as PAGE_ASSETS_MISSING', async () => {
    await expect(loadPageAssets(join(temp.dir, 'none'))).rejects.toMatchObject({ code: 'PAGE_ASSETS_MISSING' });
    await mkdir(join(temp.dir, 'page'));
    await writeFile(join(temp.dir, 'page', 'app.js'), '');
    await expect(loadPageAssets(join(temp.dir, 'page'))).rejects.toThrowError(/base\.css is missing/);
  });
});
