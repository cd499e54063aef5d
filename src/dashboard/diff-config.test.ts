import { describe, expect, it } from 'vitest';
import type { JsonValue } from '../core/json.js';
import type { StoredRunMetadata } from '../records/run-record.js';
import type { RunMetadata } from './dashboard-types.js';
import { diffConfig, flattenMetadata, MAX_DIFFERENCES } from './diff-config.js';
import { runMetadata } from './parse-run-record.js';

function metadata(config: JsonValue, extra: Partial<StoredRunMetadata> = {}): RunMetadata {
  return runMetadata({
    cli_args: ['test'],
    config_snapshot: config,
    git_commit: null,
    holodeck_version: '0.1.0',
    node_version: 'v20.19.0',
    backend: 'ai_sdk',
    model: { provider: 'ollama', name: 'm' },
    started_at: '2026-12-02T12:30:05.123Z',
    finished_at: '2026-12-02T12:31:05.123Z',
    ...extra,
  });
}

describe('diffConfig', () => {
  it('lists changed, added and removed settings by path', () => {
    const a = metadata(
      { execution: { llm_timeout: 60 }, tools: [{ name: 'lookup' }], old: true },
      { git_commit: 'a1' },
    );
    const b = metadata(
      { execution: { llm_timeout: 90 }, tools: [{ name: 'lookup' }, { name: 'divide' }] },
      { git_commit: 'b2' },
    );
    expect(diffConfig(a, b)).toEqual({
      differences: [
        { path: 'git_commit', a: '"a1"', b: '"b2"' },
        { path: 'config.execution.llm_timeout', a: '60', b: '90' },
        { path: 'config.tools', a: '1 item', b: '2 items' },
        { path: 'config.old', a: 'true', b: null },
        { path: 'config.tools[1].name', a: null, b: '"divide"' },
      ],
      truncated: 0,
    });
  });

  it('shows a list of objects emptied as its size against `[]`, not as absent', () => {
    const a = metadata({ tools: [{ name: 'lookup' }, { name: 'divide' }] });
    const b = metadata({ tools: [] });
    expect(diffConfig(a, b).differences).toEqual([
      { path: 'config.tools', a: '2 items', b: '[]' },
      { path: 'config.tools[0].name', a: '"lookup"', b: null },
      { path: 'config.tools[1].name', a: '"divide"', b: null },
    ]);
  });

  it('never shows secret values and summarises the test cases', () => {
    const flat = flattenMetadata(
      metadata({
        model: { api_key: 'sk-live-123', name: 'x' },
        tools: [{ headers: { Authorization: 'Bearer t' } }],
        test_cases: [{}, {}],
      }),
    );
    expect(flat.get('config.model.api_key')).toBe('"[redacted]"');
    expect(flat.get('config.tools[0].headers.Authorization')).toBe('"[redacted]"');
    expect(flat.get('config.test_cases')).toBe('2 test cases');
    expect([...flat.values()].join(' ')).not.toContain('sk-live');
    expect(flat.get('config.model.name')).toBe('"x"');
  });

  it('caps the number of differences', () => {
    const many = (offset: number) => Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`k${i}`, i + offset]));
    const diff = diffConfig(metadata(many(0)), metadata(many(1)));
    expect(diff.differences).toHaveLength(MAX_DIFFERENCES);
    expect(diff.truncated).toBe(100);
  });
});
