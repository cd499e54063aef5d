import { describe, expect, it } from 'vitest';
import { tuneHeapForLongRuns } from './tune-heap.js';

describe('tuneHeapForLongRuns', () => {
  it('leaves the heap alone when the user tuned it through node flags or NODE_OPTIONS', () => {
    expect(tuneHeapForLongRuns(['--max-old-space-size=4096'], undefined)).toBe(false);
    expect(tuneHeapForLongRuns([], '--enable-source-maps --heap-growing-percent=50')).toBe(false);
  });

  it('applies a small heap growth factor otherwise', () => {
    expect(tuneHeapForLongRuns(['--enable-source-maps'], '')).toBe(true);
  });
});
