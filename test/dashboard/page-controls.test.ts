import { describe, expect, it } from 'vitest';
import { isDisplayControl } from '../../src/core/display-controls.js';

describe("the dashboard page's display controls", () => {
  it('are the set the reports spell out, keeping tab, newline and carriage return', async () => {
    // The page's browser module, checked by its own tsconfig, loaded by URL.
    const page = new URL('../../src/dashboard/page/dom.js', import.meta.url).href;
    const { visibleText } = (await import(page)) as { visibleText: (value: unknown) => string };
    const differs: number[] = [];
    for (let code = 0; code <= 0xffff; code += 1) {
      const spelled = visibleText(String.fromCharCode(code)) !== String.fromCharCode(code);
      const expected = isDisplayControl(code) && code !== 0x09 && code !== 0x0a && code !== 0x0d;
      if (spelled !== expected) differs.push(code);
    }
    expect(differs.map((code) => code.toString(16))).toEqual([]);
  });
});
