import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureStream } from '../../test/support/reporters/capture-stream.js';
import { playReport } from '../../test/support/reporters/play-report.js';
import { reportOf, singleTurnResult, turn } from '../../test/support/reporters/report-fixtures.js';
import {
  failingConversation,
  hostileReport,
  passingConversation,
  sampleReport,
} from '../../test/support/reporters/report-scenarios.js';
import { runInfo } from '../../test/support/reporters/run-info.js';
import { stripAnsi } from './ansi.js';
import { createConsoleReporter } from './console-reporter.js';

// biome-ignore lint/suspicious/noControlCharactersInRegex: looking for raw escape characters
const ESC = /\u001b/;

describe('console reporter without a TTY', () => {
  it('prints a header, one line per finished case and the summary in normal mode', async () => {
    const stream = captureStream();
    await playReport(createConsoleReporter({ stream, verbosity: 'normal', color: false }), sampleReport());
    const lines = stream.text().split('\n');
    expect(lines[0]).toBe('Running 4 test cases (7 turns) of financial-assistant · 2 in parallel');
    expect(lines[1]).toBe('✓ greeting  180ms');
    expect(lines[2]).toBe('✓ JKHY-2009  2 turns · 2/2 passed  500ms');
    expect(lines[3]).toBe(
      '! AAPL-2017  ERROR  3 turns · 1/3 passed, 1 errored, 1 skipped  1 tool error  500ms  — turn 2/3: subtract(a=206588, b≈181001) — arg \'b\' mismatch: expected ≈"181001", got 180000 (+3 more)',
    );
    expect(lines[4]).toBe('✗ farewell  180ms  — metric equality: score 0');
    expect(ESC.test(stream.text())).toBe(false);
  });

  it('names the judge in the header when a metric is judged by a model', async () => {
    const stream = captureStream();
    const reporter = createConsoleReporter({ stream, verbosity: 'normal', color: false });
    const plain = runInfo().config;
    const judged = (judge: unknown) =>
      ({
        ...plain,
        model: { provider: 'openai', name: 'gpt-4.1-nano' },
        evaluations: { model: judge, metrics: [{ type: 'geval', name: 'tone', enabled: true }] },
      }) as unknown as typeof plain;
    await reporter.onBegin?.(runInfo({ config: judged({ provider: 'openai', name: 'gpt-4o-mini' }) }));
    await reporter.onBegin?.(runInfo({ config: judged(null), parallel_test_cases: 1 }));
    expect(stream.text().split('\n').slice(0, 2)).toEqual([
      'Running 4 test cases (7 turns) of financial-assistant · judge openai:gpt-4o-mini · 2 in parallel',
      'Running 4 test cases (7 turns) of financial-assistant · judge openai:gpt-4.1-nano',
    ]);
  });

  it('summarises cases, turns, pass rate, duration, tokens and every failing turn', async () => {
    const stream = captureStream();
    await playReport(createConsoleReporter({ stream, verbosity: 'normal', color: false }), sampleReport());
    const text = stream.text();
    expect(text).toContain('Run completed — financial-assistant');
    expect(text).toContain('Cases   2 passed · 1 failed · 1 error · 4 total   pass rate 50.0%');
    expect(text).toContain('Turns   4 passed · 1 failed · 1 error · 1 skipped · 7 total');
    expect(text).toContain('Tools   1 tool call returned an error');
    // Each metric per evaluation, names aligned; one that could not run is said apart.
    expect(text).toContain('Metrics equality      1/2 passed (50.0%)\n');
    expect(text).toContain('          numeric       3/4 passed (75.0%)\n');
    expect(text).toContain('          turn_program  1/2 passed (50.0%) · 1 could not run\n');
    expect(text).toContain('Time    4.3s');
    expect(text).toContain('Tokens  570 (prompt 480 · completion 90)');
    const failures = text.slice(text.indexOf('Failures'));
    expect(failures).toContain('! AAPL-2017 ERROR');
    expect(failures).toContain("turn 2/3: subtract(a=206588, b≈181001) — arg 'b' mismatch");
    expect(failures).toContain('        metric turn_program errored: TypeError');
    expect(failures).toContain('turn 3/3: skipped: the session became unrecoverable at turn 2');
    expect(failures).toContain('✗ farewell');
    expect(failures).not.toContain('JKHY-2009');
  });

  it('prints only the summary in quiet mode', async () => {
    const stream = captureStream();
    await playReport(createConsoleReporter({ stream, verbosity: 'quiet', color: false }), sampleReport());
    const text = stream.text();
    expect(text).not.toContain('Running');
    expect(text).not.toContain('✓ greeting');
    expect(text.trimStart().startsWith('Run completed')).toBe(true);
    expect(text).toContain('! AAPL-2017');
  });

  it('shows every turn in verbose mode: input, response, tools, assertions, metrics, graders, skips', async () => {
    const stream = captureStream();
    await playReport(createConsoleReporter({ stream, verbosity: 'verbose', color: false }), sampleReport());
    const text = stream.text();
    expect(text).toContain('  ✓ turn 1/2  250ms');
    expect(text).toContain('    input     what is the difference from 2008?');
    expect(text).toContain('    response  25587');
    expect(text).toContain('    tools     mcp__fin__subtract(a=206588, b=181001) → 25587');
    expect(text).toContain('    ✓ tool subtract(a=206588, b≈181,001) — matched call #0');
    expect(text).toContain('    tools     subtract(a=206588, b=180000) → 26588');
    expect(text).toContain('              divide(a=1, b=0) ✗ division by zero');
    expect(text).toContain("    ✗ tool subtract(a=206588, b≈181001) — arg 'b' mismatch");
    expect(text).toContain('    ✗ metric numeric (standard)  score 0');
    expect(text).toContain('        expected 25587, got 26588');
    expect(text).toContain('    ! metric turn_program (code)  error: TypeError');
    expect(text).toContain('        grader graders/turn_program_equivalence.ts:turnProgramEquivalence');
    expect(text).toContain('        details {"steps":["subtract(206588, 181001)"]}');
    expect(text).toContain('    ✓ metric turn_program (code)  score 1 / threshold 0.5');
    expect(text).toContain('    – metric faithfulness (rag)  skipped: the turn has no retrieval_context\n');
    expect(text).not.toContain('skipped: the turn has no retrieval_context\n        skipped');
    expect(text).toContain('  – turn 3/3 skipped: the session became unrecoverable at turn 2');
    expect(text).toContain('    input     hello');
  });

  it('cuts very long text in verbose mode and says so', async () => {
    const long = 'x'.repeat(5000);
    const report = reportOf([singleTurnResult({ test_name: 'long', agent_response: long })]);
    const stream = captureStream();
    await playReport(
      createConsoleReporter({ stream, verbosity: 'verbose', color: false, max_text_length: 100 }),
      report,
    );
    expect(stream.text()).toContain(`response  ${'x'.repeat(100)}… [truncated: 5,000 characters in total]`);
  });

  it('keeps a case whose name holds a newline on one line', async () => {
    const stream = captureStream();
    const report = reportOf([singleTurnResult({ test_name: '# heading\nsecond line' })]);
    await playReport(createConsoleReporter({ stream, verbosity: 'normal', color: false }), report);
    const line = stream
      .text()
      .split('\n')
      .find((text) => text.includes('heading'));
    expect(line).toMatch(/^✓ # heading ⏎ second line /);
  });

  it('keeps a failing case named over several lines on one line in the Failures list too', async () => {
    const stream = captureStream();
    const forged = 'fl\nRun completed — ok\r  ✓ forged';
    const report = reportOf([singleTurnResult({ test_name: forged, passed: false, errors: ['wrong'] })]);
    await playReport(createConsoleReporter({ stream, verbosity: 'normal', color: false }), report);
    const lines = stream.text().split('\n');
    expect(lines.filter((line) => line.includes('forged'))).toEqual([
      expect.stringMatching(/^! fl ⏎ Run completed — ok\\x0d {2}✓ forged {2}ERROR /),
      '  ! fl ⏎ Run completed — ok\\x0d  ✓ forged ERROR',
    ]);
    expect(lines.some((line) => line.startsWith('Run completed — ok'))).toBe(false);
  });

  it('escapes control characters of agent output instead of sending them to the terminal', async () => {
    const stream = captureStream();
    await playReport(createConsoleReporter({ stream, verbosity: 'verbose', color: false }), hostileReport());
    const text = stream.text();
    expect(ESC.test(text)).toBe(false);
    expect(text).toContain('\\x1b[31mred\\x1b[0m \\x00nul');
  });

  it("keeps every line of a judge's or grader's multi-line text indented under its metric", async () => {
    const spoof = 'weak answer\n✓ spoofed-case  3ms · $0\nRun SPOOFED';
    const base = singleTurnResult({ test_name: 'judged' });
    const result = {
      ...base,
      status: 'failed' as const,
      passed: false as const,
      metric_results: [
        {
          ...(base.metric_results[0] ?? {}),
          metric_name: 'tone',
          kind: 'geval',
          score: 0.2,
          threshold: 0.5,
          passed: false,
          error: null,
          skipped: false,
          reasoning: spoof,
        },
        {
          ...(base.metric_results[0] ?? {}),
          metric_name: 'judge',
          kind: 'geval',
          score: null,
          threshold: 0.5,
          passed: false,
          error: `Error message: bad\n✓ also-spoofed`,
          skipped: false,
          reasoning: null,
        },
      ],
      errors: ['tool server died\n✓ third-spoof'],
    } as unknown as Parameters<typeof reportOf>[0][number];
    const stream = captureStream();
    await playReport(createConsoleReporter({ stream, verbosity: 'verbose', color: false }), reportOf([result]));
    const lines = stream.text().split('\n');
    for (const fake of ['✓ spoofed-case', 'Run SPOOFED', '✓ also-spoofed', '✓ third-spoof']) {
      const found = lines.filter((line) => line.includes(fake));
      expect(found.length, fake).toBeGreaterThan(0);
      // Indented under its metric or error, or flattened onto a case line: never at the start of a line.
      for (const line of found) expect(line.trimStart().startsWith(fake) ? line : '', fake).toMatch(/^(| {6,}\S.*)$/);
    }
  });

  it('colours marks only when asked', async () => {
    const stream = captureStream();
    await playReport(createConsoleReporter({ stream, verbosity: 'normal', color: true }), sampleReport());
    expect(stream.text()).toContain('\u001b[32m✓\u001b[39m greeting');
    expect(stripAnsi(stream.text())).toContain('✓ greeting  180ms');
  });

  it('says when a run was interrupted and how many cases had finished', async () => {
    const stream = captureStream();
    const reporter = createConsoleReporter({ stream, verbosity: 'quiet', color: false });
    await reporter.onBegin?.(runInfo({ total_cases: 10 }));
    await reporter.onEnd?.(reportOf([passingConversation()]), 'interrupted');
    expect(stream.text()).toContain('Run interrupted — financial-assistant: 1 of 10 test cases finished');
  });

  it('lists at most 50 failing cases outside verbose mode', async () => {
    const failing = Array.from({ length: 53 }, (_, i) => ({ ...failingConversation(), test_name: `case-${i}` }));
    const stream = captureStream();
    await playReport(createConsoleReporter({ stream, verbosity: 'quiet', color: false }), reportOf(failing));
    expect(stream.text()).toContain('! case-49 ERROR');
    expect(stream.text()).not.toContain('case-50');
    expect(stream.text()).toContain('… and 3 more failing test cases');
  });

  it('reports a failed single-turn case without turns by its own reasons', async () => {
    const result = singleTurnResult({ test_name: 'err', passed: false, errors: ['turn timed out after 60s'] });
    const stream = captureStream();
    await playReport(createConsoleReporter({ stream, verbosity: 'normal', color: false }), reportOf([result]));
    expect(stream.text()).toContain('! err  ERROR  180ms  — turn timed out after 60s');
    expect(turn({ turn_index: 0, input: 'x' }).passed).toBe(true);
  });

  it("says a single-turn case's retries on its line, as a conversation's turn lines do", async () => {
    const retried = singleTurnResult({ test_name: 'retried', retries: 2 });
    const once = singleTurnResult({ test_name: 'once', retries: 1 });
    const stream = captureStream();
    await playReport(createConsoleReporter({ stream, verbosity: 'normal', color: false }), reportOf([retried, once]));
    expect(stream.text()).toContain('✓ retried  180ms · 2 retries');
    expect(stream.text()).toContain('✓ once  180ms · 1 retry');
  });
});

describe('console reporter on a streaming run', () => {
  it('lists the first failing cases by index from what it saw, though onEnd carries no results', async () => {
    const stream = captureStream();
    const reporter = createConsoleReporter({ stream, verbosity: 'quiet', color: false });
    await reporter.onBegin?.(runInfo({ total_cases: 120 }));
    const order = Array.from({ length: 120 }, (_, i) => 119 - i);
    for (const index of order) {
      const result = index % 2 === 0 ? { ...failingConversation(), test_name: `case-${index}` } : passingConversation();
      await reporter.onTestCaseEnd?.(result, index);
    }
    const summary = { ...reportOf([]).summary, total_tests: 120, passed: 60, failed: 60 };
    await reporter.onEnd?.({ ...reportOf([]), summary }, 'completed');
    const text = stream.text();
    expect(text).toContain('! case-0 ERROR\n');
    expect(text).not.toContain('! case-1 ERROR\n');
    expect(text).toContain('! case-98 ERROR\n');
    expect(text).not.toContain('! case-100 ERROR\n');
    expect(text).toContain('turn 2/3: subtract(a=206588, b≈181001)');
    expect(text).toContain('… and 10 more failing test cases');
  });

  it('announces a resumed run and counts its restored cases without printing them', async () => {
    const stream = captureStream();
    const reporter = createConsoleReporter({ stream, verbosity: 'normal', color: false });
    await reporter.onBegin?.(runInfo({ total_cases: 4, restored_cases: 3 }));
    await reporter.onTestCaseRestored?.({ ...failingConversation(), test_name: 'old-failure' }, 0);
    await reporter.onEnd?.(reportOf([]), 'completed');
    const text = stream.text();
    expect(text).toContain('Resuming: 3 of 4 test cases finished before, not run again unless they changed');
    expect(text).not.toContain('old-failure  ');
    expect(text).toContain('Failures\n  ! old-failure ERROR');
  });
});

describe('console reporter on a TTY', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('redraws a progress line in place, prints finished cases above it and erases it at the end', async () => {
    vi.useFakeTimers();
    const stream = captureStream({ isTTY: true, columns: 120 });
    const reporter = createConsoleReporter({ stream, verbosity: 'normal', color: false, now: () => Date.now() });
    await reporter.onBegin?.(runInfo({ total_cases: 2, total_turns: 3 }));
    expect(stream.chunks.at(-1)).toBe('\r\u001b[2K⠙ 0/2 cases done · 0 running · 0 failed · 0/3 turns · 0ms');
    await reporter.onTestCaseBegin?.('JKHY-2009', 0);
    await reporter.onTurnEnd?.('JKHY-2009', passingConversation().turns![0]!);
    expect(stream.chunks.filter((c) => c.includes('cases done'))).toHaveLength(1);
    vi.advanceTimersByTime(100);
    expect(stream.chunks.at(-1)).toContain('0/2 cases done · 1 running · 0 failed · 1/3 turns');
    vi.advanceTimersByTime(150);
    await reporter.onTestCaseEnd?.(passingConversation(), 0);
    expect(stream.chunks.at(-2)).toBe('\r\u001b[2K✓ JKHY-2009  2 turns · 2/2 passed  500ms\n');
    expect(stream.chunks.at(-1)).toContain('1/2 cases done · 0 running · 0 failed · 2/3 turns · 250ms');
    await reporter.onEnd?.(reportOf([passingConversation()]), 'completed');
    const draws = stream.chunks.length;
    vi.advanceTimersByTime(5000);
    expect(stream.chunks).toHaveLength(draws);
    expect(stream.text()).toContain('1/2 cases done');
    expect(stream.chunks.findIndex((c) => c.includes('Run completed'))).toBeGreaterThan(0);
    expect(stream.chunks.at(-2)).toBe('\r\u001b[2K');
  });

  it('never redraws more than ten times a second', async () => {
    vi.useFakeTimers();
    const stream = captureStream({ isTTY: true });
    const reporter = createConsoleReporter({ stream, verbosity: 'normal', color: false, now: () => Date.now() });
    await reporter.onBegin?.(runInfo({ total_cases: 100, total_turns: 100 }));
    for (let i = 0; i < 100; i += 1) {
      await reporter.onTestCaseBegin?.(`c${i}`, i);
      vi.advanceTimersByTime(10);
    }
    const draws = stream.chunks.filter((c) => c.includes('cases done')).length;
    expect(draws).toBeLessThanOrEqual(11);
    expect(draws).toBeGreaterThanOrEqual(9);
    await reporter.onEnd?.(reportOf([]), 'completed');
  });

  it('keeps the progress line within the terminal width', async () => {
    vi.useFakeTimers();
    const stream = captureStream({ isTTY: true, columns: 30 });
    const reporter = createConsoleReporter({ stream, verbosity: 'normal', color: false, now: () => Date.now() });
    await reporter.onBegin?.(runInfo());
    expect(Array.from(stream.chunks.at(-1)!.replace('\r\u001b[2K', ''))).toHaveLength(29);
    await reporter.onEnd?.(reportOf([]), 'completed');
  });

  it('shows no progress line on a terminal that cannot redraw one', async () => {
    vi.useFakeTimers();
    const stream = captureStream({ isTTY: true });
    const reporter = createConsoleReporter({ stream, verbosity: 'normal', color: false, redraw: false });
    await playReport(reporter, sampleReport());
    vi.advanceTimersByTime(2000);
    expect(stream.text()).not.toContain('cases done');
    expect(stream.text()).not.toContain('\u001b[2K');
    expect(stream.text()).toContain('Run completed');
  });

  it('shows no progress line in quiet mode', async () => {
    vi.useFakeTimers();
    const stream = captureStream({ isTTY: true });
    await playReport(createConsoleReporter({ stream, verbosity: 'quiet', color: false }), sampleReport());
    vi.advanceTimersByTime(2000);
    expect(stream.text()).not.toContain('cases done');
    expect(stream.text()).not.toContain('\u001b[2K');
  });
});
