import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type TempDir, tempDir } from '../../test/support/dashboard/temp-dir.js';
import { type ResultsWatcher, watchResults } from './watch-results.js';

let temp: TempDir;
let watcher: ResultsWatcher | null = null;
beforeEach(async () => {
  temp = await tempDir();
});
afterEach(async () => {
  watcher?.close();
  await temp.cleanup();
});

function nextSignal(dir: string, options: { pollMs: number }): { signalled: Promise<void>; ready: Promise<void> } {
  let resolve: () => void = () => {};
  const signalled = new Promise<void>((done) => {
    resolve = done;
  });
  watcher = watchResults(dir, () => resolve(), options);
  return { signalled, ready: watcher.ready };
}

describe('watchResults', () => {
  it('signals soon after a file is written in an agent folder, before the next poll', async () => {
    await mkdir(join(temp.dir, 'agent'));
    const { signalled, ready } = nextSignal(temp.dir, { pollMs: 60_000 });
    await ready;
    await writeFile(join(temp.dir, 'agent', '2026.json'), '{}');
    await signalled;
  });

  it('polls, so a results folder created later is noticed', async () => {
    const { signalled } = nextSignal(join(temp.dir, 'not-yet'), { pollMs: 30 });
    await signalled;
  });

  it('stops signalling once closed', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    let signals = 0;
    watcher = watchResults(
      temp.dir,
      () => {
        signals += 1;
      },
      { pollMs: 10 },
    );
    try {
      await vi.advanceTimersByTimeAsync(25);
      expect(signals).toBe(2);
      watcher.close();
      await vi.advanceTimersByTimeAsync(1000);
      expect(signals).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
