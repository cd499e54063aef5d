import { copyFile, mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { singleCase } from '../../test/support/dashboard/sample-results.js';
import { type TempDir, tempDir } from '../../test/support/dashboard/temp-dir.js';
import { writeRun } from '../../test/support/dashboard/write-records.js';
import { handleApi } from './api-routes.js';
import type { RunsPage } from './dashboard-types.js';
import { RunIndex } from './run-index.js';
import { RunStore } from './run-store.js';
import { MAX_LISTED, REASONS } from './unread-files.js';

let temp: TempDir;
beforeEach(async () => {
  temp = await tempDir();
});
afterEach(async () => {
  await temp.cleanup();
});

const AGENT = 'financial-assistant';

async function twoRuns(): Promise<{ older: string; newer: string }> {
  const older = await writeRun(temp.dir, { startedAt: '2026-12-01T09:00:00Z', results: [singleCase('a', false)] });
  const newer = await writeRun(temp.dir, { startedAt: '2026-12-02T09:00:00Z', results: [singleCase('a', true)] });
  return { older, newer };
}

describe('files under the results folder that are not read as runs', () => {
  it('are named with why, and the runs are listed as ever', async () => {
    const { older } = await twoRuns();
    const stamp = older.slice(AGENT.length + 1);
    await copyFile(join(temp.dir, `${older}.json`), join(temp.dir, AGENT, `${stamp} (1).json`));
    await mkdir(join(temp.dir, AGENT, 'old', 'deeper'), { recursive: true });
    await copyFile(join(temp.dir, `${older}.json`), join(temp.dir, AGENT, 'old', `${stamp}.json`));
    await writeFile(join(temp.dir, AGENT, 'old', 'deeper', 'x.partial.jsonl'), '');
    await writeFile(join(temp.dir, 'README.json'), '{}');
    await mkdir(join(temp.dir, 'my agent'));
    await writeFile(join(temp.dir, 'my agent', 'run.json'), '{}');
    await symlink(join(temp.dir, `${older}.json`), join(temp.dir, AGENT, 'linked.json'));
    // Not run-looking, or hidden: not named.
    await writeFile(join(temp.dir, AGENT, 'notes.txt'), '');
    await writeFile(join(temp.dir, AGENT, `.${stamp}.json.123.tmp`), '');
    await mkdir(join(temp.dir, '.git'));
    await writeFile(join(temp.dir, '.git', 'x.json'), '{}');

    const index = new RunIndex(temp.dir);
    expect(await index.refresh()).toHaveLength(2);
    expect(index.unread).toEqual({
      total: 6,
      files: [
        { path: 'README.json', reason: REASONS.outsideAgentFolder },
        { path: `${AGENT}/${stamp} (1).json`, reason: REASONS.badFileName },
        { path: `${AGENT}/linked.json`, reason: REASONS.link },
        { path: `${AGENT}/old/${stamp}.json`, reason: REASONS.subfolder },
        { path: `${AGENT}/old/deeper/x.partial.jsonl`, reason: REASONS.subfolder },
        { path: 'my agent/run.json', reason: REASONS.badFolderName },
      ],
    });
    const page = (await handleApi(new URL('http://x/api/runs'), { index, store: new RunStore(temp.dir) })) as RunsPage;
    expect(page.unread_files.total).toBe(6);
  });

  it('are counted beyond the first ones named', async () => {
    await mkdir(join(temp.dir, AGENT, 'old'), { recursive: true });
    for (let n = 0; n < MAX_LISTED + 5; n += 1) await writeFile(join(temp.dir, AGENT, 'old', `${n}.json`), '{}');
    const index = new RunIndex(temp.dir);
    await index.refresh();
    expect(index.unread.total).toBe(MAX_LISTED + 5);
    expect(index.unread.files).toHaveLength(MAX_LISTED);
  });
});
