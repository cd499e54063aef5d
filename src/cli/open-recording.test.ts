import { mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { agentConfig, modelConfig } from '../../test/fakes/fixtures/agent-config.js';
import { createRedactor } from '../core/redactor.js';
import { EXIT } from './exit-codes.js';
import { openRecording } from './open-recording.js';

const aiSdk = agentConfig({ model: modelConfig({ provider: 'openai' }) });

describe('openRecording', () => {
  it.runIf(process.platform === 'linux')(
    'refuses --record on a full disk in one line naming the lock file, and leaves no temporary file',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'holodeck-record-'));
      onTestFinished(() => rm(dir, { recursive: true, force: true }));
      const cassette = join(dir, 'c.jsonl');
      // The lock's temporary file leads to /dev/full, where every write fails as on a full disk.
      await symlink('/dev/full', `${cassette}.lock.${process.pid}.tmp`);
      const said: string[] = [];
      const write = vi.spyOn(process.stderr, 'write').mockImplementation((text) => {
        said.push(String(text));
        return true;
      });
      onTestFinished(() => write.mockRestore());
      const options = { record: cassette, replay: undefined, cache: false, cacheDir: undefined };
      const opened = await openRecording(aiSdk, options, createRedactor([]));
      expect(opened).toBe(EXIT.config);
      expect(said).toEqual([
        `error: cannot record to the cassette ${cassette}: its lock file ${cassette}.lock cannot be written (ENOSPC: no space left on device)\n`,
      ]);
      expect(await readdir(dir)).toEqual([]);
    },
  );
});
