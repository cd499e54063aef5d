import { mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { loadResume } from './load-resume.js';

describe('loadResume', () => {
  it.runIf(process.platform === 'linux')(
    'refuses a run whose lock cannot be written (a full disk), naming the lock and the cause',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'holodeck-resume-'));
      onTestFinished(() => rm(dir, { recursive: true, force: true }));
      const paths = { record: join(dir, 'run.json'), partial: join(dir, 'run.partial.jsonl') };
      await writeFile(paths.partial, '');
      // The lock's temporary file leads to /dev/full, where every write fails as on a full disk.
      await symlink('/dev/full', join(dir, `run.lock.${process.pid}.tmp`));
      expect(await loadResume(paths)).toEqual({
        ok: false,
        message: `cannot resume the run ${paths.record}: its lock file ${join(dir, 'run.lock')} cannot be written (ENOSPC: no space left on device)`,
      });
      expect(await readdir(dir)).toEqual(['run.partial.jsonl']);
    },
  );
});
