import { mkdtemp, open, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileLines, LineTooLongError } from './file-lines.js';

async function linesOf(text: string | Buffer, maxLineBytes?: number): Promise<string[]> {
  const path = join(await mkdtemp(join(tmpdir(), 'holodeck-lines-')), 'f.txt');
  await writeFile(path, text);
  const handle = await open(path, 'r');
  try {
    const lines: string[] = [];
    for await (const line of fileLines(handle, maxLineBytes)) lines.push(`${line.number}:${line.text}`);
    return lines;
  } finally {
    await handle.close();
  }
}

describe('fileLines', () => {
  it('gives each line with its number; a last line without an end is a line, an empty file has none', async () => {
    expect(await linesOf('a\n\nb\r\nc')).toEqual(['1:a', '2:', '3:b\r', '4:c']);
    expect(await linesOf('a\n')).toEqual(['1:a']);
    expect(await linesOf('')).toEqual([]);
  });

  it('reads lines longer than a piece read at once, with characters cut across pieces', async () => {
    // 1 MB pieces: the euro sign's three bytes straddle the first boundary.
    const long = `${'x'.repeat(1_048_575)}€${'y'.repeat(2_000_000)}`;
    expect(await linesOf(`${long}\nend\n`)).toEqual([`1:${long}`, '2:end']);
  });

  it('stops at a line longer than the limit, naming it', async () => {
    const read = linesOf(`short\n${'z'.repeat(5000)}\n`, 4096);
    await expect(read).rejects.toBeInstanceOf(LineTooLongError);
    await expect(read).rejects.toMatchObject({ line: 2 });
    expect(await linesOf(`short\n${'z'.repeat(4096)}\n`, 4096)).toHaveLength(2);
  });
});
