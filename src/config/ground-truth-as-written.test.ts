import { describe, expect, it } from 'vitest';
import { parseYamlItems } from './yaml-items-source.js';
import { parseYamlSource } from './yaml-source.js';

const dataOf = (text: string): unknown => {
  const parsed = parseYamlSource('agent.yaml', text);
  if (!parsed.ok) throw new Error('not parsed');
  return parsed.document.data;
};

describe('ground truths written as YAML numbers', () => {
  it('keep the text the author wrote, in single-turn cases and in turns', () => {
    const data = dataOf(`
test_cases:
  - { input: a, ground_truth: 1.50 }
  - input: b
    ground_truth: 02134
  - turns:
      - { input: c, ground_truth: 1e3 }
      - { input: d, ground_truth: 12345678901234567890 }
      - { input: e, ground_truth: -0.25 }
      - { input: f, ground_truth: "1.50" }
`) as { test_cases: { ground_truth?: unknown; turns?: { ground_truth: unknown }[] }[] };
    expect(data.test_cases.map((c) => c.ground_truth)).toEqual(['1.50', '02134', undefined]);
    expect(data.test_cases[2]?.turns?.map((t) => t.ground_truth)).toEqual([
      '1e3',
      '12345678901234567890',
      '-0.25',
      '1.50',
    ]);
  });

  it('leave other numbers, free-form turn_config and non-finite values as YAML reads them', () => {
    const data = dataOf(`
execution: { llm_timeout: 60.0 }
test_cases:
  - input: a
    ground_truth: .inf
    turn_config: { ground_truth: 1.50 }
`) as { execution: { llm_timeout: unknown }; test_cases: { ground_truth: unknown; turn_config: unknown }[] };
    expect(data.execution.llm_timeout).toBe(60);
    expect(data.test_cases[0]?.ground_truth).toBe(Number.POSITIVE_INFINITY);
    expect(data.test_cases[0]?.turn_config).toEqual({ ground_truth: 1.5 });
  });

  it('keep the text in a test cases file read item by item', () => {
    const parsed = parseYamlItems(
      'cases.yaml',
      '- { input: a, ground_truth: 1.50 }\n- input: b\n  ground_truth: 007\n',
    );
    if (parsed.kind !== 'document') throw new Error(parsed.kind);
    expect((parsed.document.data as { ground_truth: unknown }[]).map((c) => c.ground_truth)).toEqual(['1.50', '007']);
  });
});
