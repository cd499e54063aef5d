import { describe, expect, it } from 'vitest';
import { renderArgs, renderToolCall } from './render-tool-call.js';

describe('renderToolCall', () => {
  it('quotes string arguments, so the string "206588" and the number 206588 read apart', () => {
    expect(renderArgs({ a: 206588, b: '206588', c: true, d: null, e: [1, 'x'], f: { g: 'h' } })).toBe(
      'a=206588, b="206588", c=true, d=null, e=[1,"x"], f={"g":"h"}',
    );
    expect(renderArgs({ note: 'say "hi"\n' })).toBe('note="say \\"hi\\"\\n"');
  });

  it('shows the result, or the error, after the call', () => {
    expect(renderToolCall({ name: 'subtract', args: { a: 5, b: 3 }, result: 2, error: null, duration_ms: 1 })).toBe(
      'subtract(a=5, b=3) → 2',
    );
    expect(
      renderToolCall({ name: 'divide', args: { a: 1, b: 0 }, result: null, error: 'division by zero', duration_ms: 1 }),
    ).toBe('divide(a=1, b=0) ✗ division by zero');
  });
});
