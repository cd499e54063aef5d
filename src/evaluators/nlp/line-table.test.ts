import { describe, expect, it } from 'vitest';
import { LineTable } from './line-table.js';
import { SortedLemmaIndex } from './sorted-lemma-index.js';

describe('LineTable', () => {
  it('has no lines for an empty text', () => {
    const table = new LineTable('');
    expect(table.length).toBe(0);
    expect(table.line(0)).toBeUndefined();
  });

  it('addresses lines by number, including empty ones', () => {
    const table = new LineTable('a b\n\ncd');
    expect(table.length).toBe(3);
    expect([0, 1, 2].map((i) => table.line(i))).toEqual(['a b', '', 'cd']);
    expect(table.line(3)).toBeUndefined();
    expect(table.line(-1)).toBeUndefined();
    expect(table.line(0.5)).toBeUndefined();
  });

  it('compares lines like JavaScript strings', () => {
    const table = new LineTable('abc\nabd\nab');
    expect(Math.sign(table.compare(0, 'abc'))).toBe(0);
    expect(Math.sign(table.compare(0, 'abd'))).toBe(-1);
    expect(Math.sign(table.compare(0, 'ab'))).toBe(1);
    expect(Math.sign(table.compareLines(0, 1))).toBe(-1);
    expect(Math.sign(table.compareLines(1, 2))).toBe(1);
  });
});

describe('SortedLemmaIndex', () => {
  const index = new SortedLemmaIndex(new LineTable('a\nbig\ncar\ndog'), new LineTable('0\n1 a\n2\nz 3'));

  it('finds lemmas by binary search and parses their base-36 ordinals', () => {
    expect(index.size).toBe(4);
    expect(index.has('big')).toBe(true);
    expect(index.has('bi')).toBe(false);
    expect(index.synsetsOf('big')).toEqual([1, 10]);
    expect(index.synsetsOf('dog')).toEqual([35, 3]);
    expect(index.synsetsOf('a')).toEqual([0]);
    expect(index.synsetsOf('zebra')).toEqual([]);
  });

  it('rejects unsorted or mismatched tables', () => {
    expect(() => new SortedLemmaIndex(new LineTable('b\na'), new LineTable('0\n1'))).toThrow(/not sorted at "a"/);
    expect(() => new SortedLemmaIndex(new LineTable('a\na'), new LineTable('0\n1'))).toThrow(/not sorted/);
    expect(() => new SortedLemmaIndex(new LineTable('a\nb'), new LineTable('0'))).toThrow(/2 lemmas but 1/);
  });
});
