import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { collectGarbage } from './collect-garbage.js';

describe('collectGarbage', () => {
  it('collects what nothing holds, at once, and leaves gc hidden from contexts made later', async () => {
    const ref = new WeakRef({ rows: Array.from({ length: 1000 }, (_, i) => ({ i })) });
    // A WeakRef's target lives to the end of the job that made it.
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
    expect(ref.deref()).toBeUndefined();
    expect(runInNewContext('typeof gc')).toBe('undefined');
  });
});
