import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
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
    expect(await at('latest')).toEqual({ ok: true, path: join(dir, 'beta/2026-12-04T08-00-01-000Z-2.json') });
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
    expect(await findRunRecord('latest', join(dir, 'none'))).toEqual({
      ok: false,
      message: `latest: ${join(dir, 'none')} holds no run record`,
    });
  });
});
