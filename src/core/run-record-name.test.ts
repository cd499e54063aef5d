import { describe, expect, it } from 'vitest';
import { compareRunNames, namedAfterStart, parseRunName, runStamp } from './run-record-name.js';

describe('run names', () => {
  it('parses holodeck names with and without an attempt, and nothing else', () => {
    expect(parseRunName('2026-12-02T12-30-05-123Z')).toEqual({ stamp: '2026-12-02T12-30-05-123Z', attempt: 1 });
    expect(parseRunName('2026-12-02T12-30-05-123Z-3')).toEqual({ stamp: '2026-12-02T12-30-05-123Z', attempt: 3 });
    expect(parseRunName('2026-12-02T12-30-05-123Z-0')).toBeNull();
    expect(parseRunName('baseline')).toBeNull();
  });

  it('orders by start, then attempt', () => {
    const names = ['2026-12-02T12-30-05-123Z-2', '2026-12-01T00-00-00-000Z', '2026-12-02T12-30-05-123Z'];
    const sorted = names.map((name) => parseRunName(name)).filter((name) => name !== null);
    sorted.sort(compareRunNames);
    expect(sorted.map((name) => `${name.stamp}/${name.attempt}`)).toEqual([
      '2026-12-01T00-00-00-000Z/1',
      '2026-12-02T12-30-05-123Z/1',
      '2026-12-02T12-30-05-123Z/2',
    ]);
  });

  it('writes a start time as a name writes it', () => {
    expect(runStamp(new Date('2026-12-02T12:30:05.123Z'))).toBe('2026-12-02T12-30-05-123Z');
  });

  it('tells a record named after its start from one saved under a later or own name', () => {
    const started = '2026-12-02T12:30:05.123Z';
    expect(namedAfterStart(parseRunName('2026-12-02T12-30-05-123Z'), started)).toBe(true);
    expect(namedAfterStart(parseRunName('2026-12-02T12-30-05-123Z-2'), started)).toBe(true);
    expect(namedAfterStart(parseRunName('2026-12-02T12-30-05-124Z'), started)).toBe(false);
    expect(namedAfterStart(parseRunName('baseline'), started)).toBe(false);
    expect(namedAfterStart(parseRunName('2026-12-02T12-30-05-123Z'), null)).toBe(false);
    expect(namedAfterStart(parseRunName('2026-12-02T12-30-05-123Z'), 'not a time')).toBe(false);
    // Any form of the same instant names the same run.
    expect(namedAfterStart(parseRunName('2026-12-02T12-30-05-123Z'), '2026-12-02T13:30:05.123+01:00')).toBe(true);
  });
});
