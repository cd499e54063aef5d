import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lastFailed } from './last-failed.js';

describe('lastFailed', () => {
  it('names an unreadable latest record once, with why', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'holodeck-last-failed-'));
    await mkdir(join(dir, 'agent'));
    const record = join(dir, 'agent', '2026-12-07T13-00-00-000Z.json');
    await writeFile(record, '');
    const found = await lastFailed(dir, 'agent', join(dir, 'agent.yaml'));
    expect(found).toEqual({
      ok: false,
      message: `--last-failed: cannot read the latest run record, ${record}: not valid JSON: empty file`,
    });
  });
});
