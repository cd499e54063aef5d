import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createScratchDirs, removeOrphanScratchDirs, removeScratchDirs } from './scratch-dirs.js';

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

describe('scratch folders of a holodeck that is gone', () => {
  it('are removed by a later run; those of a live holodeck, of another namespace or without an owner stay', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'scratch-orphans-'));
    try {
      const mine = await createScratchDirs(parent);
      const owner = JSON.parse(await readFile(join(mine.root, 'owner.json'), 'utf8')) as Record<string, unknown>;
      expect(owner['pid']).toBe(process.pid);
      const made = async (name: string, value: Record<string, unknown> | null) => {
        await mkdir(join(parent, name, 'home'), { recursive: true });
        if (value !== null) await writeFile(join(parent, name, 'owner.json'), JSON.stringify(value));
      };
      // A process that has exited: its pid names no live holodeck (or another process, started at another time).
      const gone = spawnSync(process.execPath, ['-e', '0']).pid;
      await made('holodeck-claude-gone', { ...owner, pid: gone, start: '1' });
      await made('holodeck-claude-elsewhere', { ...owner, pid: gone, start: '1', pid_namespace: 'pid:[1]' });
      await made('holodeck-claude-unowned', null);
      await made('other-folder', { ...owner, pid: gone, start: '1' });
      expect(await removeOrphanScratchDirs(parent)).toBe(1);
      expect((await readdir(parent)).sort()).toEqual(
        [
          mine.root.slice(parent.length + 1),
          'holodeck-claude-elsewhere',
          'holodeck-claude-unowned',
          'other-folder',
        ].sort(),
      );
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });
});
