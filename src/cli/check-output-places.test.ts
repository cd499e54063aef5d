import { mkdir, mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { outputPlaceProblem } from './check-output-places.js';

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
