import { describe, expect, it } from 'vitest';
import { findAll, parseXml } from '../../test/support/reporters/parse-xml.js';
import {
  metric,
  multiTurnResult,
  reportOf,
  singleTurnResult,
  turn,
} from '../../test/support/reporters/report-fixtures.js';
import { HOSTILE_TEXT, hostileReport, sampleReport } from '../../test/support/reporters/report-scenarios.js';
import { renderJunitReport } from './junit-render.js';

describe('renderJunitReport', () => {
  it('writes one testsuite for the run and one testcase per test case, timed in seconds', () => {
    const root = parseXml(renderJunitReport(sampleReport()));
    expect(root.name).toBe('testsuites');
    const suites = findAll(root, 'testsuite');
    expect(suites).toHaveLength(1);
    expect(suites[0]?.attributes).toEqual({
      name: 'financial-assistant',
      tests: '4',
      failures: '1',
      errors: '1',
      skipped: '0',
      time: '4.321',
      timestamp: '2026-12-02T12:30:05.123Z',
    });
    // The schema allows neither a skipped count nor a timestamp on <testsuites>.
    expect(root.attributes).toEqual({ name: 'holodeck', tests: '4', failures: '1', errors: '1', time: '4.321' });
    const cases = findAll(root, 'testcase');
    expect(cases.map((c) => c.attributes['name'])).toEqual(['greeting', 'JKHY-2009', 'AAPL-2017', 'farewell']);
    expect(cases.every((c) => c.attributes['classname'] === 'financial-assistant')).toBe(true);
    expect(cases[1]?.attributes['time']).toBe('0.500');
    const properties = Object.fromEntries(
      findAll(root, 'property').map((p) => [p.attributes['name'], p.attributes['value']]),
    );
    expect(properties).toMatchObject({ holodeck_version: '0.1.0', total_turns: '7', skipped_turns: '1' });
  });

  it('names every failing turn and its reasons in the failure', () => {
    const cases = findAll(parseXml(renderJunitReport(sampleReport())), 'testcase');
    expect(findAll(cases[0]!, 'failure')).toHaveLength(0);
    // The errored grader of turn 2 makes the case an error; the reasons are the same as for a failure.
    expect(findAll(cases[2]!, 'failure')).toHaveLength(0);
    const failure = findAll(cases[2]!, 'error')[0]!;
    expect(failure.attributes['type']).toBe('TurnError');
    expect(failure.attributes['message']).toMatch(/^turn 2\/3: subtract\(a=206588, b≈181001\) — arg 'b' mismatch/);
    expect(failure.attributes['message']).toContain(' | turn 3/3: skipped: the session became unrecoverable at turn 2');
    expect(failure.text.split('\n')).toEqual([
      `turn 2/3: subtract(a=206588, b≈181001) — arg 'b' mismatch: expected ≈"181001", got 180000`,
      '          metric numeric: score 0 — expected 25587, got 26588',
      '          metric turn_program errored: TypeError: Cannot read properties of undefined (reading "steps")',
      'turn 3/3: skipped: the session became unrecoverable at turn 2',
    ]);
    const single = findAll(cases[3]!, 'failure')[0]!;
    expect(single.attributes).toEqual({ type: 'TestCaseFailure', message: 'metric equality: score 0' });
    expect(findAll(cases[3]!, 'error')).toHaveLength(0);
  });

  it('summarises every turn in system-out', () => {
    const cases = findAll(parseXml(renderJunitReport(sampleReport())), 'testcase');
    const out = findAll(cases[2]!, 'system-out')[0]!.text;
    expect(out.split('\n')[0]).toBe('turns: 3 (1 passed, 0 failed, 1 error, 1 skipped)');
    expect(out).toContain('turn 1/3 passed (250ms)\n  input: what was the revenue in 2017?\n  response: 229234');
    expect(out).toContain('turn 2/3 error (250ms)');
    expect(out).toContain('  tool: divide(a=1, b=0) ✗ division by zero');
    expect(out).toContain("  ✗ subtract(a=206588, b≈181001) — arg 'b' mismatch");
    expect(out).toContain('  metric turn_program — error: TypeError');
    expect(out).toContain('turn 3/3 skipped: the session became unrecoverable at turn 2');
    const single = findAll(cases[0]!, 'system-out')[0]!.text;
    expect(single).toBe('passed (180ms)\n  input: hello\n  response: hi there\n  metric equality 1 passed');
  });

  it('stays well-formed with hostile names and output, writing characters XML cannot carry as \\x.. / \\u....', () => {
    const xml = renderJunitReport(hostileReport());
    expect(xml).not.toContain('<script>');
    expect(xml).not.toContain(']]>');
    const cases = findAll(parseXml(xml), 'testcase');
    expect(cases[0]?.attributes['name']).toBe('evil <b>name</b> | ]]>');
    const expected = HOSTILE_TEXT.replaceAll('\u0000', '\\x00')
      .replaceAll('\u001b', '\\x1b')
      .replaceAll('\uFFFF', '\\uffff');
    expect(findAll(cases[0]!, 'error')[0]?.text).toContain(expected.split('\n')[0]);
    expect(findAll(cases[1]!, 'failure')[0]?.attributes['message']).toContain('turn 2/2: lookup — <script>');
  });

  it('ends an interrupted run with an errored test case saying how many did not run', () => {
    const report = { ...sampleReport(), interrupted: { selected_tests: 9, not_run: 5 } };
    const root = parseXml(renderJunitReport(report));
    const suite = findAll(root, 'testsuite')[0]!;
    const cases = findAll(suite, 'testcase');
    expect(Number(suite.attributes['tests'])).toBe(sampleReport().results.length + 1);
    const last = cases.at(-1)!;
    expect(last.attributes['name']).toBe('(run interrupted)');
    expect(findAll(last, 'error')[0]?.attributes['message']).toBe(
      'the run was interrupted: 5 of 9 test cases did not run (holodeck test --resume runs them)',
    );
    const errors = Number(suite.attributes['errors']);
    expect(errors).toBe(
      Number(findAll(parseXml(renderJunitReport(sampleReport())), 'testsuite')[0]!.attributes['errors']) + 1,
    );
    const properties = findAll(suite, 'property').map((p) => [p.attributes['name'], p.attributes['value']]);
    expect(properties).toContainEqual(['interrupted', 'true']);
    expect(properties).toContainEqual(['not_run', '5']);
  });

  it('writes an empty suite for a run without results', () => {
    const root = parseXml(renderJunitReport(reportOf([])));
    expect(findAll(root, 'testsuite')[0]?.attributes).toMatchObject({ tests: '0', failures: '0', errors: '0' });
    expect(findAll(root, 'testcase')).toHaveLength(0);
  });
});

describe('renderJunitReport: failure, error and skipped', () => {
  const wrong = metric({ metric_name: 'numeric', score: 0, passed: false, reasoning: 'expected 25587, got 12' });
  const skippedTurn = (turn_index: number, reason: string) =>
    turn({ turn_index, input: 'and then?', skipped: true, passed: false, execution_time_ms: 0, errors: [reason] });
  const sessionError = 'MCP server "fin" exited with code 1';
  const report = reportOf([
    singleTurnResult({ test_name: 'ok' }),
    multiTurnResult('wrong-answer', [
      turn({ turn_index: 0, input: 'revenue?', response: '229234' }),
      turn({ turn_index: 1, input: 'change?', response: '12', passed: false, metric_results: [wrong] }),
      skippedTurn(2, 'skipped: the session failed twice in a row (turns 1 and 2)'),
    ]),
    singleTurnResult({
      test_name: 'unreachable',
      passed: false,
      agent_response: '',
      metric_results: [],
      errors: ['connect ECONNREFUSED 127.0.0.1:11434'],
    }),
    multiTurnResult('timeout', [
      turn({ turn_index: 0, input: 'revenue?', passed: false, errors: ['the agent did not answer within 60s'] }),
      turn({ turn_index: 1, input: 'change?', response: '12', passed: false, metric_results: [wrong] }),
    ]),
    multiTurnResult(
      'no-session',
      [0, 1].map((i) => skippedTurn(i, `session could not be opened: ${sessionError}`)),
      [sessionError],
    ),
    multiTurnResult('never-ran', [skippedTurn(0, 'skipped: the run was interrupted')]),
  ]);
  const root = parseXml(renderJunitReport(report));
  const byName = new Map(findAll(root, 'testcase').map((c) => [c.attributes['name'], c]));
  const verdicts = (name: string) =>
    byName
      .get(name)!
      .children.filter((c) => c.name !== 'system-out')
      .map((c) => [c.name, c.attributes['type']]);

  it('writes one verdict element per case that did not pass: <failure>, <error> or <skipped>', () => {
    expect(verdicts('ok')).toEqual([]);
    expect(verdicts('wrong-answer')).toEqual([['failure', 'TurnFailure']]);
    expect(verdicts('unreachable')).toEqual([['error', 'TestCaseError']]);
    expect(verdicts('timeout')).toEqual([['error', 'TurnError']]);
    expect(verdicts('no-session')).toEqual([['error', 'TestCaseError']]);
    expect(verdicts('never-ran')).toEqual([['skipped', undefined]]);
  });

  it('counts failures, errors and skipped cases apart, in both suite elements', () => {
    const counts = { tests: '6', failures: '1', errors: '3' };
    expect(root.attributes).toMatchObject(counts);
    expect(findAll(root, 'testsuite')[0]?.attributes).toMatchObject({ ...counts, skipped: '1' });
  });

  it('says why, in the message and the body', () => {
    const error = findAll(byName.get('timeout')!, 'error')[0]!;
    expect(error.attributes['message']).toBe(
      'turn 1/2: the agent did not answer within 60s | turn 2/2: metric numeric: score 0 — expected 25587, got 12',
    );
    expect(error.text).toContain('turn 1/2: the agent did not answer within 60s\n');
    const noSession = findAll(byName.get('no-session')!, 'error')[0]!;
    expect(noSession.text.split('\n')[0]).toBe(sessionError);
    const skipped = findAll(byName.get('never-ran')!, 'skipped')[0]!;
    expect(skipped.attributes['message']).toBe('turn 1/1: skipped: the run was interrupted');
  });

  it('puts the skipped turns of each case in its system-out and of the run in the properties', () => {
    const out = (name: string) => findAll(byName.get(name)!, 'system-out')[0]!.text.split('\n')[0];
    expect(out('wrong-answer')).toBe('turns: 3 (1 passed, 1 failed, 1 skipped)');
    expect(out('no-session')).toBe('turns: 2 (0 passed, 0 failed, 2 skipped)');
    const properties = findAll(root, 'property').map((p) => p.attributes['name']);
    expect(properties).toEqual([
      'holodeck_version',
      'agent_config_path',
      'total_turns',
      'passed_turns',
      'failed_turns',
      'errored_turns',
      'skipped_turns',
      'total_tokens',
    ]);
  });

  it('cuts a huge reason in the body and says how long it was', () => {
    const huge = 'x'.repeat(3_000_000);
    const xml = renderJunitReport(reportOf([singleTurnResult({ test_name: 'h', passed: false, errors: [huge] })]));
    expect(xml.length).toBeLessThan(100_000);
    expect(xml).toContain('[truncated: 3,000,000 characters in total]');
  });
});
