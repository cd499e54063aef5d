import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createResultSpool, openResultSpool } from './result-spool.js';
import { createTextBudget } from './text-budget.js';

async function collect(items: AsyncIterable<Buffer>): Promise<string[]> {
  const out: string[] = [];
  for await (const item of items) out.push(item.toString('utf8'));
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
    // No budget: every case goes to the spill file and is read back from it.
    const spool = createResultSpool(join(dir, 'report.md'), { budget: createTextBudget(0) });
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

  it('keeps the cases of a report in memory, as UTF-8, within the budget: no spill file is written', async () => {
    const budget = createTextBudget(1000);
    const spool = createResultSpool(join(dir, 'report.json'), { budget });
    await spool.append(1, ['b', 'second ✓']);
    await spool.append(0, ['a', 'first']);
    expect(budget.free).toBe(1000 - 17); // b, second ✓ (✓ is 3 bytes), a, first
    expect(await readdir(dir)).toEqual([]);
    expect(await collect(spool.read(1))).toEqual(['first', 'second ✓']);
    await spool.dispose();
    expect(budget.free).toBe(1000);
  });

  it('reads the cases of a durable log from memory, not back from the file, which still gets every case', async () => {
    const path = join(dir, 'run.partial.jsonl');
    const spool = openResultSpool(path, { budget: createTextBudget(1000) });
    await spool.write('header\n');
    await spool.append(1, ['b\n']);
    await spool.append(0, ['a\n']);
    expect(await readFile(path, 'utf8')).toBe('header\nb\na\n');
    // Emptied behind the spool's back: what it reads comes from memory.
    await writeFile(path, '');
    expect(await collect(spool.read(0))).toEqual(['a\n', 'b\n']);
    await spool.close();
  });

  it('spills the cases beyond the budget to the file and reads them back from there, in case order', async () => {
    const budget = createTextBudget(10);
    const spool = createResultSpool(join(dir, 'report.md'), { budget });
    await spool.append(2, ['12345678']); // kept: 8 of 10
    await spool.append(0, ['spilled 0']); // does not fit
    await spool.append(1, ['ab']); // kept: 10 of 10
    await spool.append(3, ['c']); // does not fit
    expect(budget.free).toBe(0);
    expect((await readdir(dir)).filter((name) => name.endsWith('.spool'))).toHaveLength(1);
    expect(await collect(spool.read(0))).toEqual(['spilled 0', 'ab', '12345678', 'c']);
    await spool.append(2, ['x']);
    expect(budget.free).toBe(7); // replaced: 8 bytes given back, 1 taken
    expect(await collect(spool.read(0))).toEqual(['spilled 0', 'ab', 'x', 'c']);
    await spool.dispose();
    expect(budget.free).toBe(10);
    expect(await readdir(dir)).toEqual([]);
  });

  it('reads spilled cases back into one reused slab, not a buffer each, whatever their number', async () => {
    const spool = createResultSpool(join(dir, 'report.json'), { budget: createTextBudget(0) });
    await Promise.all(Array.from({ length: 3000 }, (_, index) => spool.append(index, [`case ${index} ✓`])));
    const slabs = new Set<ArrayBufferLike>();
    const texts: string[] = [];
    for await (const batch of spool.batches(0)) {
      for (const item of batch) {
        slabs.add(item.buffer);
        texts.push(item.toString('utf8'));
      }
    }
    expect(texts).toEqual(Array.from({ length: 3000 }, (_, index) => `case ${index} ✓`));
    expect(slabs.size).toBe(1);
    await spool.dispose();
  });

  it('reads back every spilled part exactly: any append order, parts of any size, near and far in the file', async () => {
    // Cases of three parts, appended in a shuffled order, some far larger than others (one over 1 MiB), so
    // parts read together share reads with their neighbours and the bytes between them.
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const cases = 2600;
    const text = (index: number, part: number) => {
      const size = index === 1234 && part === 1 ? 1_300_000 : Math.floor(random() * (random() < 0.05 ? 40_000 : 300));
      return `${index}.${part}:${'é'.repeat(size)}`;
    };
    const parts = Array.from({ length: cases }, (_, index) => [0, 1, 2].map((part) => text(index, part)));
    const order = Array.from({ length: cases }, (_, index) => index).sort(() => random() - 0.5);
    const spool = createResultSpool(join(dir, 'report.md'), { budget: createTextBudget(0) });
    await Promise.all(order.map((index) => spool.append(index, parts[index] as string[])));
    for (const part of [0, 1, 2]) {
      const texts: string[] = [];
      for await (const batch of spool.batches(part)) texts.push(...batch.map((item) => item.toString('utf8')));
      expect(texts.length).toBe(cases);
      texts.forEach((got, index) => {
        if (got !== parts[index]?.[part]) throw new Error(`case ${index} part ${part} read back wrong`);
      });
    }
    await spool.dispose();
  });

  it('hands over the cases in batches of consecutive cases, in case order, kept and spilled alike', async () => {
    const spool = createResultSpool(join(dir, 'report.json'), { budget: createTextBudget(2000 * 4) });
    const appends: Promise<void>[] = [];
    for (let index = 2499; index >= 0; index -= 1) appends.push(spool.append(index, [`c${index}`]));
    await Promise.all(appends); // the first ~2,000 appended (the highest indexes) are kept, the rest spilled
    const sizes: number[] = [];
    const texts: string[] = [];
    for await (const batch of spool.batches(0)) {
      sizes.push(batch.length);
      texts.push(...batch.map((item) => item.toString()));
    }
    expect(texts).toEqual(Array.from({ length: 2500 }, (_, index) => `c${index}`));
    expect(sizes.every((size) => size <= 1024)).toBe(true);
    expect(sizes.length).toBeLessThan(10);
    await spool.dispose();
  });
});
