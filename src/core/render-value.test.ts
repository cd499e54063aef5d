import { describe, expect, it } from 'vitest';
import { describeValue, renderValue } from './render-value.js';

describe('renderValue', () => {
  it.each<[unknown, string]>([
    ['as-is', 'as-is'],
    [206588, '206588'],
    [206588.0, '206588'],
    [0.1, '0.1'],
    [1e21, '1e+21'],
    [-0.5, '-0.5'],
    [true, 'true'],
    [false, 'false'],
    [null, 'null'],
    [[1, 'a', null], '[1,"a",null]'],
    [{ x: { y: [1, 2] } }, '{"x":{"y":[1,2]}}'],
    [10n, '10'],
  ])('renders %o as %s', (value, text) => {
    expect(renderValue(value)).toBe(text);
  });

  it('falls back to String() for values JSON cannot hold', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    expect(renderValue(cyclic)).toBe('[object Object]');
  });
});

describe('describeValue', () => {
  it('quotes strings and leaves other values rendered', () => {
    expect(describeValue('206588')).toBe('"206588"');
    expect(describeValue(206588)).toBe('206588');
    expect(describeValue({ a: 'b' })).toBe('{"a":"b"}');
  });
});
