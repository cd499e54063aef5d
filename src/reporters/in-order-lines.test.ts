import { describe, expect, it } from 'vitest';
import { createInOrderLines } from './in-order-lines.js';

function collect() {
  const out: string[] = [];
  const lines = createInOrderLines((emitted) => out.push(...emitted));
  return { out, lines };
}

describe('createInOrderLines', () => {
  it('releases lines in index order whatever order they arrive in', () => {
    const { out, lines } = collect();
    lines.add(2, ['c']);
    lines.add(1, ['b1', 'b2']);
    expect(out).toEqual([]);
    lines.add(0, ['a']);
    expect(out).toEqual(['a', 'b1', 'b2', 'c']);
    lines.add(3, ['d']);
    expect(out).toEqual(['a', 'b1', 'b2', 'c', 'd']);
  });

  it('lets a case with no lines (restored) unblock the ones after it', () => {
    const { out, lines } = collect();
    lines.add(1, ['b']);
    lines.add(0, []);
    expect(out).toEqual(['b']);
  });

  it('flushes what is held, in order, when the run ends early', () => {
    const { out, lines } = collect();
    lines.add(3, ['d']);
    lines.add(1, ['b']);
    lines.flush();
    expect(out).toEqual(['b', 'd']);
    lines.add(0, ['late']);
    expect(out).toEqual(['b', 'd', 'late']);
  });
});
