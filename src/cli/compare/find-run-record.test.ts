import { mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findRunRecord } from './find-run-record.js';

async function resultsFolder(files: readonly string[]): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'holodeck-find-run-'));
  for (const file of files) {
    await mkdir(join(dir, file, '..'), { recursive: true });
    await writeFile(join(dir, file), '{}');
  }
  return dir;
}

describe('findRunRecord', () => {
  it('latest~N counts back over every agent, a same-millisecond -2 record after its twin, logs ignored', async () => {
    const dir = await resultsFolder([
      'alpha/2026-12-04T08-00-00-000Z.json',
      'beta/2026-12-04T08-00-01-000Z-2.json',
      'beta/2026-12-04T08-00-01-000Z.json',
      'beta/2026-12-04T08-00-02-000Z.partial.jsonl',
      // A record copied under a name of one's own is named, never the latest.
      'beta/baseline.json',
      'beta/zz-copy.json',
    ]);
    const at = async (wanted: string) => findRunRecord(wanted, dir);
    expect(await at('latest')).toEqual({
      ok: true,
      path: join(dir, 'beta/2026-12-04T08-00-01-000Z-2.json'),
      // The run after it left only its log (its lock is gone with its process: it stopped).
      note: `latest is beta/2026-12-04T08-00-01-000Z-2, the newest run record: the newer run beta/2026-12-04T08-00-02-000Z has not finished (only its log is there; holodeck test --resume beta/2026-12-04T08-00-02-000Z finishes it)`,
    });
    expect(await at('latest~1')).toEqual({ ok: true, path: join(dir, 'beta/2026-12-04T08-00-01-000Z.json') });
    expect(await at('latest~2')).toEqual({ ok: true, path: join(dir, 'alpha/2026-12-04T08-00-00-000Z.json') });
    expect(await at('latest~3')).toEqual({ ok: false, message: `latest~3: ${dir} holds only 3 run records` });
    expect(await at('beta/baseline')).toEqual({ ok: true, path: join(dir, 'beta/baseline.json') });
    const log = join(dir, 'beta/2026-12-04T08-00-02-000Z.partial.jsonl');
    expect(await at(log)).toEqual({
      ok: false,
      message: `${log} is the log of a run that has not finished, not its record: finish it with holodeck test --resume ${log}, then compare the record`,
    });
  });

  it('takes a run id with or without its agent, and refuses a timestamp two agents share', async () => {
    const dir = await resultsFolder([
      'alpha/2026-12-04T08-00-00-000Z.json',
      'beta/2026-12-04T08-00-00-000Z.json',
      'beta/x.json',
    ]);
    expect(await findRunRecord('beta/x', dir)).toEqual({ ok: true, path: join(dir, 'beta/x.json') });
    expect(await findRunRecord('x', dir)).toEqual({ ok: true, path: join(dir, 'beta/x.json') });
    expect(await findRunRecord('2026-12-04T08-00-00-000Z', dir)).toEqual({
      ok: false,
      message: '2026-12-04T08-00-00-000Z: several agents have a run with this timestamp; give agent/timestamp',
    });
    expect(await findRunRecord('latest', join(dir, 'alpha', 'empty'))).toEqual({
      ok: false,
      message: `latest: the results folder ${join(dir, 'alpha', 'empty')} does not exist (give --results-dir the folder holodeck test wrote its runs to)`,
    });
    await mkdir(join(dir, 'empty'));
    expect(await findRunRecord('latest', join(dir, 'empty'))).toEqual({
      ok: false,
      message: `latest: ${join(dir, 'empty')} holds no run record`,
    });
  });

  it('says a folder it cannot read is one, not one holding no run', async () => {
    const dir = await resultsFolder([]);
    // A link to itself: reading it fails (ELOOP) as an unreadable folder does, also for root.
    const loop = join(dir, 'loop');
    await symlink(loop, loop);
    for (const wanted of ['latest', 'agent/2026-12-04T08-00-00-000Z', '2026-12-04T08-00-00-000Z']) {
      const found = await findRunRecord(wanted, loop);
      expect(found.ok ? '' : found.message).toMatch(
        new RegExp(`^${wanted}: cannot read the results folder ${loop} \\(ELOOP: too many symbolic links`),
      );
    }
  });

  it('says of a run that left only its log that it has not finished, and how to finish it', async () => {
    const dir = await resultsFolder([
      'alpha/2026-12-04T08-00-00-000Z.json',
      'alpha/2026-12-04T09-00-00-000Z.partial.jsonl',
    ]);
    const log = join(dir, 'alpha/2026-12-04T09-00-00-000Z.partial.jsonl');
    const finish = `only its log ${log} is there: finish it with holodeck test --resume ${log}, then compare its record`;
    for (const wanted of ['alpha/2026-12-04T09-00-00-000Z', '2026-12-04T09-00-00-000Z']) {
      expect(await findRunRecord(wanted, dir)).toEqual({
        ok: false,
        message: `${wanted} has not finished: it stopped before writing its record (it crashed, was killed, or its record could not be written), and ${finish}`,
      });
    }
  });
});
