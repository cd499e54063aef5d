/**
 * bench/compare's arithmetic and generated projects: the table's cells and ratios, the workload selection,
 * its command line, and that both tools' projects ask the same questions and expect the fake's answers.
 * Nothing here times anything.
 */
import { describe, expect, it } from 'vitest';
import { compareCases } from '../../bench/compare/compare-cases.js';
import { codeAnswer } from '../../bench/compare/compare-fake.js';
import { parseCompareOptions } from '../../bench/compare/compare-options.js';
import { describeResult, failureExcerpt, isValidResult } from '../../bench/compare/describe-result.js';
import { formatCell, formatRatio, formatSeconds, formatTable } from '../../bench/compare/format-table.js';
import { defaultPromptfooDir, promptfooEnv } from '../../bench/compare/promptfoo-install.js';
import type { ToolResult } from '../../bench/compare/run-workload.js';
import { median } from '../../bench/compare/run-workload.js';
import { idealMs, selectWorkloads, type Workload } from '../../bench/compare/workloads.js';
import { holodeckCasesJson, promptfooPromptJson, promptfooTestsJson } from '../../bench/compare/write-projects.js';

function result(overrides: Partial<ToolResult>): ToolResult {
  return {
    ms: 1000,
    code: 0,
    timed_out: false,
    peak_rss_mib: 140.4,
    cpu_ms: 800,
    outcome: null,
    requests: 0,
    fake_span_ms: null,
    wrap_up_ms: null,
    failure: null,
    ...overrides,
  };
}

function workload(id: string): Workload {
  const found = selectWorkloads([id], 1)[0];
  if (found === undefined) throw new Error(`no workload ${id}`);
  return found;
}

describe('the side-by-side table', () => {
  it('gives the ratio of promptfoo to holodeck, whole numbers from 10× on', () => {
    expect(formatRatio(110, 1780)).toBe('16×');
    expect(formatRatio(520, 1960)).toBe('3.8×');
    expect(formatRatio(2000, 1000)).toBe('0.5×');
    expect(formatRatio(null, 1000)).toBe('—');
    expect(formatRatio(1000, null)).toBe('—');
  });

  it('prints seconds with two decimals below 10 s and one above', () => {
    expect(formatSeconds(2430)).toBe('2.43 s');
    expect(formatSeconds(44_900)).toBe('44.9 s');
  });

  it('shows cases per second and peak RSS at zero latency, efficiency against the ideal at 200 ms', () => {
    const zero = workload('zero-1000');
    expect(formatCell(zero, result({ ms: 2430, outcome: { passed: 1000, total: 1000 } }))).toBe(
      '2.43 s (412/s), 140 MiB',
    );
    const latency = workload('latency-400');
    expect(idealMs(latency)).toBe(2600);
    expect(formatCell(latency, result({ ms: 3610, outcome: { passed: 400, total: 400 } }))).toBe(
      '3.61 s, efficiency 0.72, 140 MiB',
    );
    const conversations = workload('conversations-100');
    expect(idealMs(conversations)).toBe(3200);
    expect(formatCell(conversations, result({ ms: 90_000, outcome: { passed: 400, total: 400 } }))).toBe(
      '90.0 s, efficiency 0.036, 140 MiB',
    );
  });

  it("details a case run: the fake's first request to last reply, then the wrap-up from last reply to exit", () => {
    const zero = workload('zero-5000');
    const run = result({ ms: 5730, outcome: { passed: 5000, total: 5000 }, requests: 5000 });
    const [line] = describeResult('holodeck', zero, { ...run, fake_span_ms: 5210.4, wrap_up_ms: 86.6 });
    expect(line).toContain('5000 model requests, first request → last reply 5.21 s, last reply → exit 87 ms');
  });

  it('says when a run is no valid figure: an exit code, a time-out, turns that failed, no report', () => {
    const zero = workload('zero-5000');
    expect(formatCell(zero, result({ ms: 44_900, code: 1, outcome: { passed: 4990, total: 5000 } }))).toBe(
      '44.9 s (111/s), 140 MiB, exit 1, 4990/5000 turns passed',
    );
    expect(formatCell(zero, result({ code: null, timed_out: true }))).toContain('timed out, no report');
    expect(isValidResult(zero, result({ outcome: { passed: 5000, total: 5000 } }))).toBe(true);
    expect(isValidResult(zero, result({ outcome: { passed: 4999, total: 5000 } }))).toBe(false);
    expect(isValidResult(workload('help'), result({ code: 2 }))).toBe(false);
    expect(formatCell(workload('help'), null)).toBe('not run');
  });

  it("quotes a failed run's first error line before its last lines", () => {
    const output = ['Eval complete', 'Error [ERR_STREAM_WRITE_AFTER_END]: write after end', ...'abcdefghijkl'].join(
      '\n',
    );
    expect(failureExcerpt(output, 3)).toEqual([
      'Error [ERR_STREAM_WRITE_AFTER_END]: write after end',
      '…',
      'j',
      'k',
      'l',
    ]);
    expect(failureExcerpt('boom\nTypeError: x', 3)).toEqual(['boom', 'TypeError: x']);
  });

  it('prints one markdown row per workload', () => {
    const help = workload('help');
    const table = formatTable([{ workload: help, holodeck: result({ ms: 110 }), promptfoo: result({ ms: 1780 }) }]);
    expect(table.split('\n')).toEqual([
      '| figure | holodeck | promptfoo | ratio |',
      '|---|---|---|---|',
      '| `--help` | 0.11 s | 1.78 s | 16× |',
    ]);
  });

  it('takes the median of an odd or even number of samples', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describe('the workloads and the command line', () => {
  it('scales case counts, keeps at least one case, and refuses unknown workloads by name', () => {
    expect(selectWorkloads([], 0.05).map((w) => [w.id, w.cases])).toEqual([
      ['help', 0],
      ['first-request', 1],
      ['zero-1000', 50],
      ['zero-5000', 250],
      ['latency-400', 20],
      ['conversations-100', 5],
    ]);
    expect(selectWorkloads(['conversations-100'], 0.001)[0]?.cases).toBe(1);
    expect(() => selectWorkloads(['zero-100'], 1)).toThrow(
      /unknown workload zero-100: choose from help, first-request/,
    );
  });

  it('parses its options and names the one it cannot read', () => {
    const options = parseCompareOptions(['--workloads', 'help, zero-1000', '--scale', '0.1', '--runs', '3']);
    expect(options.workloads.map((w) => w.id)).toEqual(['help', 'zero-1000']);
    expect(options.workloads[1]?.cases).toBe(100);
    expect(options).toMatchObject({ runs: 3, with_promptfoo: false, promptfoo_dir: null, timeout_ms: 600_000 });
    expect(() => parseCompareOptions(['--scale', 'lots'])).toThrow('--scale must be a number above 0, got "lots"');
    expect(() => parseCompareOptions(['--runs', '0'])).toThrow('--runs must be a whole number of at least 1, got "0"');
  });
});

describe('the generated projects', () => {
  it('asks both tools the same questions and expects what the fake answers', () => {
    const cases = compareCases({ ...workload('conversations-100'), cases: 2 });
    const holodeck = JSON.parse(holodeckCasesJson(cases)) as {
      test_cases: { name: string; turns: { input: string; ground_truth: string }[] }[];
    };
    const promptfoo = JSON.parse(promptfooTestsJson(cases)) as {
      vars: { question: string };
      assert: { type: string; value: string }[];
      metadata: { conversationId: string };
    }[];
    const holodeckTurns = holodeck.test_cases.flatMap((c) => c.turns.map((t) => [c.name, t.input, t.ground_truth]));
    const promptfooTurns = promptfoo.map((t) => [t.metadata.conversationId, t.vars.question, t.assert[0]?.value]);
    expect(promptfooTurns).toEqual(holodeckTurns);
    expect(holodeckTurns).toHaveLength(8);
    for (const [, question, expected] of holodeckTurns) expect(codeAnswer(question ?? '')).toBe(expected);
    expect(holodeckTurns[5]).toEqual(['c0002', 'Reply with the code of c0002-t2.', 'code c0002-t2']);
  });

  it('writes single-turn cases without turns, and promptfoo tests without a conversation', () => {
    const cases = compareCases({ ...workload('zero-1000'), cases: 1 });
    expect(JSON.parse(holodeckCasesJson(cases))).toEqual({
      test_cases: [{ name: 'c0001', input: 'Reply with the code of c0001-t1.', ground_truth: 'code c0001-t1' }],
    });
    expect(JSON.parse(promptfooTestsJson(cases))[0].metadata).toBeUndefined();
    expect(promptfooPromptJson(false)).not.toContain('_conversation');
    expect(promptfooPromptJson(true)).toContain('{% for completion in _conversation %}');
  });

  it('keeps promptfoo in a cache folder outside the repository, with telemetry, updates and its cache off', () => {
    expect(defaultPromptfooDir({ XDG_CACHE_HOME: '/var/cache/me' })).toBe(
      '/var/cache/me/holodeck-bench/promptfoo-0.121.20',
    );
    expect(promptfooEnv('/tmp/pf')).toMatchObject({
      PROMPTFOO_CONFIG_DIR: '/tmp/pf',
      PROMPTFOO_DISABLE_TELEMETRY: '1',
      PROMPTFOO_DISABLE_UPDATE: '1',
      PROMPTFOO_CACHE_ENABLED: 'false',
    });
  });
});
