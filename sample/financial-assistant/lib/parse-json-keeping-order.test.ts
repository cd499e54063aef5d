import { describe, expect, it } from 'vitest';
import { keysInOrder, parseJsonKeepingOrder } from './parse-json-keeping-order.js';

describe('parseJsonKeepingOrder', () => {
  it('parses as JSON.parse does', () => {
    const text = '{ "b": [1, -2.5e3, "x\\"y", true, null, {}], "a": { "c": [] } }';
    expect(parseJsonKeepingOrder(text)).toEqual(JSON.parse(text));
  });

  it('keeps integer-like keys in the order written, where an object lists them ascending', () => {
    const table = parseJsonKeepingOrder('{"2007": {"b": 1, "2": 2, "1": 3}, "2006": {}, "total": {}, "2005": {}}');
    expect(Object.keys(table as object)).toEqual(['2005', '2006', '2007', 'total']);
    expect(keysInOrder(table as object)).toEqual(['2007', '2006', 'total', '2005']);
    expect(keysInOrder((table as Record<string, object>)['2007'] as object)).toEqual(['b', '2', '1']);
  });

  it('records objects inside lists, and a repeated key at its first place', () => {
    const list = parseJsonKeepingOrder('[{"9": 1, "8": {"1": 0, "0": 0}}, {"x": 1, "9": 2, "x": {"2": 0, "1": 0}}]');
    const [first, second] = list as Array<Record<string, object>>;
    expect(keysInOrder(first as object)).toEqual(['9', '8']);
    expect(keysInOrder(first?.['8'] as object)).toEqual(['1', '0']);
    expect(keysInOrder(second as object)).toEqual(['x', '9']);
    expect(keysInOrder(second?.['x'] as object)).toEqual(['2', '1']);
  });

  it('gives Object.keys for an object it did not make', () => {
    expect(keysInOrder({ '2007': 1, '2006': 2 })).toEqual(['2006', '2007']);
  });

  it('throws the error JSON.parse throws', () => {
    expect(() => parseJsonKeepingOrder('{"a": }')).toThrow(SyntaxError);
  });
});
