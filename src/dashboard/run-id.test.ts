import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DashboardError } from './dashboard-error.js';
import { classifyRunFile, isInside, parseRunId, requireRunId, runPaths, timestampTime } from './run-id.js';

describe('parseRunId', () => {
  it('accepts <agent-slug>/<timestamp> as the run record reporter names them', () => {
    expect(parseRunId('financial-assistant/2026-12-02T12-30-05-123Z')).toEqual({
      agent_slug: 'financial-assistant',
      timestamp: '2026-12-02T12-30-05-123Z',
      id: 'financial-assistant/2026-12-02T12-30-05-123Z',
    });
    expect(parseRunId('agent/2026-12-02T12-30-05-123Z-2')?.timestamp).toBe('2026-12-02T12-30-05-123Z-2');
  });

  it.each([
    '',
    'agent',
    'agent/',
    '/ts',
    '../ts',
    'agent/..',
    'agent/.',
    '../../etc/passwd',
    'agent/ts/extra',
    'agent\\..\\ts',
    'agent/%2e%2e',
    'agent/ts name',
    'agent/.hidden',
    'agent/ts.partial',
    `agent/${'x'.repeat(200)}`,
    'agent/ts\u0000',
  ])('rejects %j', (text) => {
    expect(parseRunId(text)).toBeNull();
  });

  it('requireRunId throws INVALID_RUN_ID naming the bad text', () => {
    expect(() => requireRunId('../x')).toThrowError(DashboardError);
    try {
      requireRunId('../x');
    } catch (error) {
      expect((error as DashboardError).code).toBe('INVALID_RUN_ID');
      expect((error as DashboardError).httpStatus).toBe(400);
    }
  });
});

describe('classifyRunFile', () => {
  it('tells records from in-progress logs and ignores everything else', () => {
    expect(classifyRunFile('2026-12-02T12-30-05-123Z.json')).toEqual({
      timestamp: '2026-12-02T12-30-05-123Z',
      partial: false,
    });
    expect(classifyRunFile('2026-12-02T12-30-05-123Z.partial.jsonl')).toEqual({
      timestamp: '2026-12-02T12-30-05-123Z',
      partial: true,
    });
    expect(classifyRunFile('.2026.json.4f1c.tmp')).toBeNull();
    expect(classifyRunFile('.hidden.json')).toBeNull();
    expect(classifyRunFile('notes.txt')).toBeNull();
    expect(classifyRunFile('x.partial.json')).toBeNull();
  });
});

describe('runPaths', () => {
  it('places both files inside the results folder', () => {
    const root = resolve('/tmp/results');
    const paths = runPaths(root, requireRunId('agent/2026'));
    expect(paths.record).toBe(resolve(root, 'agent', '2026.json'));
    expect(paths.partial).toBe(resolve(root, 'agent', '2026.partial.jsonl'));
  });

  it('refuses an id that would leave the folder even if one were built by hand', () => {
    const forged = { agent_slug: '..', timestamp: 'passwd', id: '../passwd' };
    expect(() => runPaths('/tmp/results', forged)).toThrowError(/leaves the results folder/);
  });

  it('isInside compares whole path segments', () => {
    expect(isInside('/a/results', '/a/results/x/y.json')).toBe(true);
    expect(isInside('/a/results', '/a/results')).toBe(true);
    expect(isInside('/a/results', '/a/results-other/y.json')).toBe(false);
    expect(isInside('/a/results', '/a/y.json')).toBe(false);
  });
});

describe('timestampTime', () => {
  it('reads the start time back from a record file name', () => {
    expect(timestampTime('2026-12-02T12-30-05-123Z')).toBe('2026-12-02T12:30:05.123Z');
    expect(timestampTime('2026-12-02T12-30-05-123Z-2')).toBe('2026-12-02T12:30:05.123Z');
    expect(timestampTime('2026-13-45T12-30-05-123Z')).toBeNull();
    expect(timestampTime('nightly')).toBeNull();
  });
});
