import { describe, expect, it } from 'vitest';
import { renderJunitReport } from './junit-render.js';
import { reportOf } from './report-fixtures.js';
import { HOSTILE_TEXT, hostileReport, sampleReport } from './report-scenarios.js';
import { findAll, parseXml } from './testing/parse-xml.js';

describe('renderJunitReport', () => {
  it('writes one testsuite for the run and one testcase per test case, timed in seconds', () => {
    const root = parseXml(renderJunitReport(sampleReport()));
    expect(root.name).toBe('testsuites');
    const suites = findAll(root, 'testsuite');
    expect(suites).toHaveLength(1);
    expect(suites[0]?.attributes).toMatchObject({
      name: 'financial-assistant',
      tests: '4',
      failures: '2',
      time: '4.321',
    });
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
    const failure = findAll(cases[2]!, 'failure')[0]!;
    expect(failure.attributes['type']).toBe('TurnFailure');
    expect(failure.attributes['message']).toMatch(/^turn 2\/3: subtract\(a=206588, b≈181001\) — arg 'b' mismatch/);
    expect(failure.attributes['message']).toContain(' | turn 3/3: skipped: the session became unrecoverable at turn 2');
    expect(failure.text.split('\n')).toEqual([
      `turn 2/3: subtract(a=206588, b≈181001) — arg 'b' mismatch: expected ≈"181001", got 180000`,
      '          metric numeric: score 0 — expected 25587, got 26588',
      '          metric turn_program errored: TypeError: Cannot read properties of undefined (reading "steps")',
      'turn 3/3: skipped: the session became unrecoverable at turn 2',
    ]);
    const single = findAll(cases[3]!, 'failure')[0]!;
    expect(single.attributes).toMatchObject({ type: 'TestCaseFailure', message: 'metric equality: score 0' });
  });

  it('summarises every turn in system-out', () => {
    const cases = findAll(parseXml(renderJunitReport(sampleReport())), 'testcase');
    const out = findAll(cases[2]!, 'system-out')[0]!.text;
    expect(out).toContain('turn 1/3 passed (250ms)\n  input: what was the revenue in 2017?\n  response: 229234');
    expect(out).toContain('turn 2/3 failed (250ms)');
    expect(out).toContain('  tool: divide(a=1, b=0) ✗ division by zero');
    expect(out).toContain("  ✗ subtract(a=206588, b≈181001) — arg 'b' mismatch");
    expect(out).toContain('  metric turn_program — error: TypeError');
    expect(out).toContain('turn 3/3 skipped: the session became unrecoverable at turn 2');
    const single = findAll(cases[0]!, 'system-out')[0]!.text;
    expect(single).toBe('passed (180ms)\n  input: hello\n  response: hi there\n  metric equality 1 passed');
  });

  it('stays well-formed with hostile names and output, dropping characters XML cannot carry', () => {
    const xml = renderJunitReport(hostileReport());
    expect(xml).not.toContain('<script>');
    expect(xml).not.toContain(']]>');
    const cases = findAll(parseXml(xml), 'testcase');
    expect(cases[0]?.attributes['name']).toBe('evil <b>name</b> | ]]>');
    const expected = HOSTILE_TEXT.replaceAll('\u0000', '').replaceAll('\u001b', '').replaceAll('\uFFFF', '');
    expect(findAll(cases[0]!, 'failure')[0]?.text).toContain(expected.split('\n')[0]);
    expect(findAll(cases[1]!, 'failure')[0]?.attributes['message']).toContain('turn 2/2: lookup — <script>');
  });

  it('writes an empty suite for a run without results', () => {
    const root = parseXml(renderJunitReport(reportOf([])));
    expect(findAll(root, 'testsuite')[0]?.attributes['tests']).toBe('0');
    expect(findAll(root, 'testcase')).toHaveLength(0);
  });
});
