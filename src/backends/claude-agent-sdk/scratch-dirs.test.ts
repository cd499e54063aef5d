import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createScratchDirs, removeScratchDirs } from './scratch-dirs.js';

describe('scratch folders', () => {
  it('makes a private tree per session and removes all of it', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'scratch-test-'));
    try {
      const one = await createScratchDirs(parent);
      const two = await createScratchDirs(parent);
      expect(one.root).not.toBe(two.root);
      for (const dir of [one.home, one.config, one.tmp, one.work]) expect(existsSync(dir)).toBe(true);
      expect(one.config).toBe(join(one.home, '.claude'));
      await writeFile(join(one.config, '.claude.json'), '{}');
      await removeScratchDirs(one);
      await removeScratchDirs(one);
      expect(await readdir(parent)).toEqual([two.root.slice(parent.length + 1)]);
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });

  it('fails when the parent folder does not exist', async () => {
    await expect(createScratchDirs(join(tmpdir(), 'no-such-parent-folder', 'x'))).rejects.toThrow(/ENOENT/);
  });
});
