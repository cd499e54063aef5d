import { mkdir, mkdtemp, readdir, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { outputPlaceProblem, recordingPlaceProblem, recordPlaceProblem } from './check-output-places.js';

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

  it('refuses to write a report over an existing run record or run log, directly or through a link', async () => {
    const root = await mkdtemp(join(tmpdir(), 'holodeck-out-'));
    const record = join(root, '2026-12-02T12-30-05-123Z-2.json');
    const log = join(root, '2026-12-02T12-30-05-123Z.partial.jsonl');
    await writeFile(record, '{}');
    await writeFile(log, '');
    await symlink(record, join(root, 'latest.json'));
    expect(await outputPlaceProblem([{ path: record, format: 'json' }])).toBe(
      `cannot write the report ${record}: its name is that of a run record, whose run's history it would replace — choose another file name`,
    );
    expect(await outputPlaceProblem([{ path: log, format: 'json' }])).toContain("its name is that of a run's log");
    expect(await outputPlaceProblem([{ path: join(root, 'latest.json'), format: 'json' }])).toContain(
      'its name is that of a run record',
    );
    // Not there yet, or only named like a run without being one of holodeck's names: written as any report.
    expect(
      await outputPlaceProblem([{ path: join(root, '2026-12-02T12-30-06-000Z.json'), format: 'json' }]),
    ).toBeNull();
    await writeFile(join(root, '2026-12-02.json'), '{}');
    expect(await outputPlaceProblem([{ path: join(root, '2026-12-02.json'), format: 'json' }])).toBeNull();
  });
});

describe('recordingPlaceProblem', () => {
  it('refuses to record a cassette over an existing run record or run log, directly or through a link', async () => {
    const root = await mkdtemp(join(tmpdir(), 'holodeck-out-'));
    const record = join(root, '2026-12-02T12-30-05-123Z.json');
    await writeFile(record, '{}');
    await writeFile(join(root, '2026-12-02T12-30-05-123Z.partial.jsonl'), '');
    await symlink(record, join(root, 'c.jsonl'));
    const cassette = (path: string) => recordingPlaceProblem({ mode: 'record', path, label: basename(path) });
    expect(await cassette(record)).toBe(
      "cannot write the cassette 2026-12-02T12-30-05-123Z.json: its name is that of a run record, whose run's history it would replace — choose another file name",
    );
    expect(await cassette(join(root, '2026-12-02T12-30-05-123Z.partial.jsonl'))).toContain(
      "its name is that of a run's log",
    );
    expect(await cassette(join(root, 'c.jsonl'))).toContain('its name is that of a run record');
    // Not there yet: a new file, whatever its name.
    expect(await cassette(join(root, '2026-12-02T12-30-06-000Z.json'))).toBeNull();
    expect(await cassette(join(root, 'new.jsonl'))).toBeNull();
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
