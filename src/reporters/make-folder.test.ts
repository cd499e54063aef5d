import { mkdtemp, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeFolder } from './make-folder.js';

describe('makeFolder', () => {
  it('creates the missing levels, and accepts a folder that is there', async () => {
    const root = await mkdtemp(join(tmpdir(), 'holodeck-folder-'));
    const deep = join(root, 'a', 'b', 'c');
    await makeFolder(deep);
    expect((await stat(deep)).isDirectory()).toBe(true);
    await makeFolder(deep);
    await Promise.all([makeFolder(join(root, 'x', 'y')), makeFolder(join(root, 'x', 'z'))]);
    expect((await stat(join(root, 'x', 'z'))).isDirectory()).toBe(true);
  });

  it('rejects a path through a file', async () => {
    const root = await mkdtemp(join(tmpdir(), 'holodeck-folder-'));
    await writeFile(join(root, 'file'), 'x');
    await expect(makeFolder(join(root, 'file', 'sub'))).rejects.toMatchObject({ code: 'ENOTDIR' });
  });

  // Node's recursive mkdir never settles here (the level answers ENOENT to every attempt).
  it('rejects a level that cannot be created under /proc, at once', async () => {
    await expect(makeFolder('/proc/holodeck-no-such/results')).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
