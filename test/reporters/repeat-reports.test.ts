/** The figures of `--repeat` in every report: JSON (valid against the report schema), console, Markdown, JUnit. */
import { describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/core/results.js';
import { runReportSchema } from '../../src/records/report-schema.js';
import { settleParsedResult } from '../../src/records/settle-parsed-result.js';
import { createConsoleReporter } from '../../src/reporters/console-reporter.js';
import { renderJunitReport } from '../../src/reporters/junit-render.js';
import { renderMarkdownReport } from '../../src/reporters/markdown-render.js';
import { reportToJson } from '../../src/reporters/to-report-json.js';
import { playReport } from '../support/reporters/play-report.js';
import { flakyTurnsReport, repeatsReport } from './repeat-scenario.js';

async function consoleText(report: RunReport): Promise<string> {
  let text = '';
  const reporter = createConsoleReporter({
    stream: { write: (chunk: string) => (text += chunk) },
    verbosity: 'normal',
    color: false,
  });
  await playReport(reporter, report);
  return text;
}

function junitCase(xml: string, name: string): string {
  const start = xml.indexOf(`<testcase name="${name}"`);
  return xml.slice(start, xml.indexOf('</testcase>', start));
}

describe('reports of repeated cases', () => {
  it('JSON carries every repeat and the figures, validates against the schema and reads back the same', () => {
    const report = repeatsReport();
    const json = JSON.parse(JSON.stringify(reportToJson(report)));
    const parsed = runReportSchema.safeParse(json);
    expect(parsed.success, JSON.stringify(parsed.error?.issues.slice(0, 3))).toBe(true);
    const [flaky] = parsed.data!.results.map(settleParsedResult);
    expect(flaky).toEqual(report.results[0]);
    expect(json.results[0].repeat_stats).toMatchObject({
      runs: 4,
      passed: 3,
      pass_rate: 0.75,
      flaky: true,
      min_pass_rate: 0.5,
      pass_hat_k: [0.75, 0.5, 0.25, 0],
      turns: [
        { turn_index: 0, passed: 4, flaky: false },
        { turn_index: 1, passed: 3, flaky: true },
      ],
    });
    expect(json.results[0].repeats).toHaveLength(4);
    expect(json.results[0].repeats[1]).not.toHaveProperty('repeat_stats');
    expect(json.summary).toMatchObject({ repeats: 4, flaky_tests: 3 });
  });

  it('the schema refuses a pass rate above 1 and a repeat nested in a repeat', () => {
    const json = JSON.parse(JSON.stringify(reportToJson(repeatsReport())));
    json.results[0].repeat_stats.pass_rate = 1.5;
    json.results[1].repeats[0].repeats = [];
    const issues = runReportSchema.safeParse(json).error?.issues.map((issue) => issue.path.join('.'));
    expect(issues).toEqual(expect.arrayContaining(['results.0.repeat_stats.pass_rate', 'results.1.repeats.0']));
  });

  it('console: counts flaky cases as the summary does, and cases with flaky turns only apart', async () => {
    const text = await consoleText(flakyTurnsReport());
    expect(text).toContain('Repeats 2 per test case · 1 flaky');
    expect(text).toContain('Flakiness (1 flaky test case, 1 other with flaky turns)');
  });

  it('console: the case lines and a Flakiness section with the rates and pass^k', async () => {
    const text = await consoleText(repeatsReport());
    expect(text).toContain('✓ flaky passes  2 turns · 2/2 passed  repeats 3/4 passed (75.0%) · flaky');
    expect(text).toContain('✗ flaky fails  2 turns · 1/2 passed  repeats 1/3 passed (33.3%) · flaky');
    expect(text).toContain('Repeats 4 per test case · 3 flaky');
    const section = text.slice(text.indexOf('Flakiness')).trimEnd();
    expect(section.split('\n')).toEqual([
      'Flakiness (3 flaky test cases)',
      '  ✓ flaky passes  3/4 passed (75.0%)  min 50.0%',
      '      pass^k  0.75 0.50 0.25 0.00  (k = 1..4)',
      '      turn 2/2  3/4 passed (75.0%)',
      '  ✗ flaky fails  1/3 passed (33.3%)  min 100.0%',
      '      pass^k  0.33 0.00 0.00  (k = 1..3)',
      '      turn 2/2  1/3 passed (33.3%)',
      '  ✓ errored once  2/3 passed (66.7%, 1 error)  min 60.0%',
      '      pass^k  0.67 0.33 0.00  (k = 1..3)',
    ]);
  });

  it('Markdown: the rates, pass@k and pass^k per k, each turn, and which repeat is shown', () => {
    const md = renderMarkdownReport(repeatsReport());
    expect(md).toContain('| **Repeats** | 4 per test case · 3 flaky |');
    expect(md).toContain('**Repeats:** 1/3 passed (33.3%) · ⚠️ flaky · passes at a pass rate of 100.0% or more');
    expect(md).toContain('| 2 | 0.667 | 0.000 |');
    expect(md).toContain('| turn 2/2 | 1/3 | 33.3% | 0.000 | ⚠️ flaky |');
    expect(md).toContain('Repeats in order: 1 ❌ · 2 ✅ · 3 ❌. The turns below are those of repeat 1.');
  });

  it('JUnit: flaky passed cases hold flakyFailure/flakyError and no failure; failing ones a failure and reruns', () => {
    const xml = renderJunitReport(repeatsReport());
    const passed = junitCase(xml, 'flaky passes');
    expect(passed).not.toMatch(/<failure|<error/);
    expect(passed.match(/<flakyFailure message="repeat 2\/4: turn 2\/2/g)).toHaveLength(1);
    const errored = junitCase(xml, 'errored once');
    expect(errored).toContain(
      '<flakyError message="repeat 2/3: the agent did not answer within 60s" type="TestCaseError">',
    );
    const failed = junitCase(xml, 'flaky fails');
    expect(failed).toContain('<failure message="1/3 repeats passed (33.3%), min pass rate 100.0%: turn 2/2');
    expect(failed.match(/<rerunFailure /g)).toHaveLength(1);
    expect(failed).toContain('<rerunFailure message="repeat 3/3: turn 2/2');
    expect(junitCase(xml, 'steady')).not.toMatch(/flaky|rerun/);
    expect(xml).toMatch(/tests="4" failures="1" errors="0"/);
  });
});
