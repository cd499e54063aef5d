import { mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { outputPlaceProblem, recordPlaceProblem } from './check-output-places.js';

describe('outputPlaceProblem', () => {
  it('accepts reports into a folder that is there or can be made, leaving no probe behind', async () => {
    const root = await mkdtemp(join(tmpdir(), 'holodeck-out-'));
    const outputs = [
      { path: join(root, 'r.json'), format: 'json' as const },
      { path: join(root, 'new', 'sub', 'r.md'), format: 'markdown' as const },
    ];
    expect(await outputPlaceProblem(outputs)).toBeNull();
    expect(await readdir(root)).toEqual(['new']);
    expect(await readdir(join(root, 'new', 'sub'))).toEqual([]);
  });

  it('names a report path that is a folder, and a folder that cannot be made', async () => {
    const root = await mkdtemp(join(tmpdir(), 'holodeck-out-'));
    await mkdir(join(root, 'd.json'));
    expect(await outputPlaceProblem([{ path: join(root, 'd.json'), format: 'json' }])).toBe(
      `cannot write the report ${join(root, 'd.json')}: it is a folder`,
    );
    expect(await outputPlaceProblem([{ path: '/proc/holodeck-no-such/r.json', format: 'json' }])).toBe(
      'cannot write reports into /proc/holodeck-no-such: the folder cannot be created there',
    );
  });
});

describe('recordPlaceProblem', () => {
  it("makes the agent's folder of the results folder and leaves it empty; names one that cannot be made", async () => {
    const root = await mkdtemp(join(tmpdir(), 'holodeck-out-'));
    expect(await recordPlaceProblem(join(root, 'results'), 'Financial Assistant')).toBeNull();
    expect(await readdir(join(root, 'results'))).toEqual(['financial-assistant']);
    expect(await readdir(join(root, 'results', 'financial-assistant'))).toEqual([]);
    await writeFile(join(root, 'file'), 'x');
    expect(await recordPlaceProblem(join(root, 'file'), 'a')).toBe(
      `cannot write the run record into ${join(root, 'file', 'a')}: a part of the path is a file, not a folder`,
    );
  });
});
