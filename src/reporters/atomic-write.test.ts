import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomic, writeStreamAtomic } from './atomic-write.js';

describe('writeFileAtomic', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'holodeck-atomic-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('creates missing parent folders and leaves no temporary file', async () => {
    const path = join(dir, 'a', 'b', 'out.txt');
    await writeFileAtomic(path, 'hello');
    expect(await readFile(path, 'utf8')).toBe('hello');
    expect(await readdir(join(dir, 'a', 'b'))).toEqual(['out.txt']);
  });

  it('replaces an existing file as a whole', async () => {
    const path = join(dir, 'out.txt');
    await writeFile(path, 'old content that is longer');
    await writeFileAtomic(path, 'new');
    expect(await readFile(path, 'utf8')).toBe('new');
  });

  it('fails without leaving a temporary file when the target cannot be replaced', async () => {
    const path = join(dir, 'taken');
    await mkdir(path);
    await writeFile(join(path, 'inside'), 'x');
    await expect(writeFileAtomic(path, 'data')).rejects.toThrow();
    expect((await readdir(dir)).sort()).toEqual(['taken']);
  });

  it('writes text and UTF-8 bytes in the order given, small pieces gathered and pieces past a mebibyte whole', async () => {
    const path = join(dir, 'report.json');
    const big = 'é'.repeat(600_000); // 1.2 MB of UTF-8
    const bigBytes = Buffer.from('x'.repeat(1_500_000), 'utf8');
    const pieces: (string | Uint8Array)[] = ['{"a": ', Buffer.from('"✓ bytes"'), ', "b": "', big, '", "c": "'];
    pieces.push(bigBytes, '"}', Buffer.alloc(0));
    await writeStreamAtomic(path, async (write) => {
      for (const piece of pieces) await write(piece);
    });
    const expected = pieces
      .map((piece) => (typeof piece === 'string' ? piece : Buffer.from(piece).toString()))
      .join('');
    expect(await readFile(path, 'utf8')).toBe(expected);
    expect(await readdir(dir)).toEqual(['report.json']);
  });
});
