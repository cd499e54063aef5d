import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { afterRunAhead } from './newest-run-ahead.js';

describe('afterRunAhead', () => {
  it('names a run after the newest run when that one is dated after now, and says so', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'holodeck-ahead-'));
    const folder = join(dir, 'agent');
    await mkdir(folder);
    expect(await afterRunAhead(dir, folder, new Date('2026-12-07T12:00:00.000Z'))).toBeNull();
    await writeFile(join(folder, '2026-12-07T11-00-00-000Z.json'), '{}');
    await writeFile(join(folder, '2026-12-07T13-00-00-000Z.partial.jsonl'), '');
    // A file of one's own name is no run, whatever it is called.
    await writeFile(join(folder, 'zz-baseline.json'), '{}');
    expect(await afterRunAhead(dir, folder, new Date('2026-12-07T13:00:00.000Z'))).toBeNull();
    expect(await afterRunAhead(dir, folder, new Date('2026-12-07T12:00:00.000Z'))).toEqual({
      named_at: '2026-12-07T13:00:00.001Z',
      warning:
        "warning: the newest run of this agent, agent/2026-12-07T13-00-00-000Z, is dated 2026-12-07T13:00:00.000Z, 1h 00m after this machine's clock (a clock set back since, or one that was ahead where it ran): runs are ordered by the time in their names, so this run is named after it (2026-12-07T13-00-00-001Z) to come after it, as new runs are until the clock passes it",
    });
  });
});
