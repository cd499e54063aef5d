import { describe, expect, it } from 'vitest';
import { parseRecordJson, RunRecordError } from './run-record-error.js';

describe('parseRecordJson', () => {
  it('places a syntax error by line and column, without quoting the text around it (a piece of a secret)', () => {
    const text = '{\n  "version": 1,\n  "report": zq8Hk2Lm9Pw4Xt7V\n}';
    let thrown: unknown = null;
    try {
      parseRecordJson('/r/run.json', text);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(RunRecordError);
    expect((thrown as RunRecordError).code).toBe('RUN_RECORD_INVALID_JSON');
    expect((thrown as Error).message).toBe(
      '/r/run.json: not valid JSON: syntax error at line 3, column 13 (offset 30)',
    );
    expect((thrown as Error).message).not.toContain('zq8');
  });
});

describe('parseRecordJson on files an editor touched', () => {
  const message = (text: string): string => {
    try {
      parseRecordJson('/r/run.json', text);
    } catch (error) {
      return (error as Error).message;
    }
    return 'parsed';
  };

  it('says an empty file is empty, rather than placing a syntax error at its first character', () => {
    expect(message('')).toBe('/r/run.json: not valid JSON: empty file');
    expect(message(' \n')).toBe('/r/run.json: not valid JSON: empty file (white space only)');
  });

  it('reads past a UTF-8 byte order mark', () => {
    expect(parseRecordJson('/r/run.json', '\uFEFF{"a": 1}')).toEqual({ a: 1 });
    expect(message('\uFEFF')).toBe('/r/run.json: not valid JSON: empty file');
  });
});
