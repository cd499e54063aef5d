import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createResultSpool, openResultSpool } from './result-spool.js';

async function collect(items: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const item of items) out.push(item);
  return out;
}

describe('result spool', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'holodeck-spool-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads each part of the cases back in case order, whatever order they were appended in', async () => {
    const spool = createResultSpool(join(dir, 'report.md'));
    await Promise.all([
      spool.append(2, ['row 2', 'section ✓ 2']),
      spool.append(0, ['row 0', 'section 0']),
      spool.append(7, ['', 'section 7']),
    ]);
    expect(spool.size).toBe(3);
    expect(await collect(spool.read(0))).toEqual(['row 0', 'row 2', '']);
    expect(await collect(spool.read(1))).toEqual(['section 0', 'section ✓ 2', 'section 7']);
    expect((await readdir(dir)).filter((name) => name.endsWith('.spool'))).toHaveLength(1);
    await spool.dispose();
    expect(await readdir(dir)).toEqual([]);
  });

  it('keeps the latest parts of a case appended twice', async () => {
    const spool = createResultSpool(join(dir, 'r.json'));
    await spool.append(0, ['first']);
    await spool.append(0, ['second']);
    expect(await collect(spool.read(0))).toEqual(['second']);
    await spool.dispose();
  });

  it('appends to an existing file without reading it back, and keeps it on close', async () => {
    const path = join(dir, 'log.jsonl');
    await writeFile(path, 'old line\n');
    const spool = openResultSpool(path);
    await spool.write('header\n');
    await spool.append(1, ['b\n']);
    await spool.append(0, ['a\n']);
    expect(await collect(spool.read(0))).toEqual(['a\n', 'b\n']);
    await spool.close();
    expect(await readFile(path, 'utf8')).toBe('old line\nheader\nb\na\n');
  });

  it('reads nothing from an empty spool', async () => {
    const spool = createResultSpool(join(dir, 'r.xml'));
    expect(await collect(spool.read(0))).toEqual([]);
    await spool.dispose();
  });

  it('refuses a case with a different number of parts than the others', async () => {
    const spool = createResultSpool(join(dir, 'r.md'));
    await spool.append(0, ['row', 'section']);
    await expect(spool.append(1, ['row only'])).rejects.toThrow('every case needs 2 parts, got 1');
    expect(await collect(spool.read(0))).toEqual(['row']);
    await spool.dispose();
  });
});
