import { describe, expect, it } from 'vitest';
import {
  multiTurnResult,
  reportOf,
  singleTurnResult,
  turn,
  usage,
} from '../../test/support/reporters/report-fixtures.js';
import { hostileReport, sampleReport } from '../../test/support/reporters/report-scenarios.js';
import { USAGE_ABANDONED } from '../core/cost.js';
import { renderMarkdownReport } from './markdown-render.js';

/** The cells of a Markdown table row, splitting on pipes that are not backslash-escaped. */
function cells(row: string): string[] {
  return row
    .slice(1, -1)
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());
}

/** The document without fenced blocks and code spans (whose content is never interpreted). */
function outsideCode(markdown: string): string {
  return markdown.replace(/^(`{3,})text\n[\s\S]*?\n\1$/gm, '').replace(/(`+)(?!`)[^\n]*?[^`]\1(?!`)/g, '');
}

function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(heading);
  expect(start).toBeGreaterThanOrEqual(0);
  const next = markdown.indexOf('\n## ', start + heading.length);
  return markdown.slice(start, next < 0 ? undefined : next);
}

describe('renderMarkdownReport', () => {
  it('opens with a summary table of cases, pass rate, turns, duration and tokens', () => {
    const md = renderMarkdownReport(sampleReport());
    expect(md.startsWith('# Test report: financial-assistant\n\n| | |\n|---|---|\n')).toBe(true);
    expect(md).toContain('| **Result** | 💥 2 of 4 test cases did not pass (1 with errors) |');
    expect(md).toContain('| **Test cases** | 2 passed · 1 failed · 1 error · 4 total |');
    expect(md).toContain('| **Pass rate** | 50.0% |');
    expect(md).toContain('| **Turns** | 4 passed · 1 failed · 1 error · 1 skipped · 7 total |');
    expect(md).toContain('| **Duration** | 4.3s |');
    expect(md).toContain('| **Tokens** | 570 (prompt 480 · completion 90) |');
  });

  it('says first that an interrupted run is one, and how many of its test cases did not run', () => {
    const md = renderMarkdownReport({ ...sampleReport(), interrupted: { selected_tests: 12, not_run: 8 } });
    const result = md.split('\n').find((line) => line.startsWith('| **Result** |'));
    expect(result).toBe(
      '| **Result** | ⏹️ interrupted: 8 of 12 test cases did not run · of the 4 finished: 2 of 4 test cases did not pass (1 with errors) |',
    );
    const passing = renderMarkdownReport(reportOf([singleTurnResult({ test_name: 'ok', passed: true })]));
    expect(passing).toContain('| **Result** | ✅ the 1 test case passed |');
    const stopped = renderMarkdownReport({
      ...reportOf([singleTurnResult({ test_name: 'ok', passed: true })]),
      interrupted: { selected_tests: 3, not_run: 2 },
    });
    expect(stopped).toContain(
      '| **Result** | ⏹️ interrupted: 2 of 3 test cases did not run · of the 1 finished: the 1 test case passed |',
    );
    const none = renderMarkdownReport({ ...reportOf([]), interrupted: { selected_tests: 1, not_run: 1 } });
    expect(none).toContain('| **Result** | ⏹️ interrupted: 1 of 1 test cases did not run · none finished |');
  });

  it('lists the test cases with their first failing turn', () => {
    const md = renderMarkdownReport(sampleReport());
    expect(md).toContain('| greeting | ✅ passed | single turn | 180ms |  |');
    expect(md).toContain('| JKHY-2009 | ✅ passed | 2 turns · 2/2 passed | 500ms |  |');
    expect(md).toContain(
      `| AAPL-2017 | 💥 error | 3 turns · 1/3 passed, 1 errored, 1 skipped | 500ms | turn 2/3: subtract(a=206588, b≈181001) — arg 'b' mismatch: expected ≈"181001", got 180000 (+3 more) |`,
    );
  });

  it('details every turn: input, response, tool calls, assertions with reasons, metric table, graders', () => {
    const md = section(renderMarkdownReport(sampleReport()), '## 💥 AAPL-2017');
    expect(md).toContain('3 turns · 1/3 passed, 1 errored, 1 skipped · 500ms · 240 tokens');
    expect(md).toContain('### Turn 1/3 ✅ · 250ms\n\n**Input**\n\n```text\nwhat was the revenue in 2017?\n```');
    expect(md).toContain('### Turn 2/3 💥 error · 250ms');
    expect(md).toContain('**Response**\n\n```text\nIt changed by 26588.\n```');
    expect(md).toContain('**Ground truth:** `25587`');
    expect(md).toContain(
      '**Tool calls**\n\n0. `subtract(a=206588, b=180000)` → `26588`\n1. `divide(a=1, b=0)` ❌ error: division by zero',
    );
    expect(md).toContain(
      `**Tool assertions**\n\n- ❌ subtract(a=206588, b≈181001) — arg 'b' mismatch: expected ≈"181001", got 180000`,
    );
    expect(md).toContain('| Metric | Score | Threshold | Result | Reasoning |\n|---|---|---|---|---|');
    expect(md).toContain('| numeric (standard) | 0 | — | ❌ failed | expected 25587, got 26588 |');
    expect(md).toContain(
      '| turn\\_program (code) | — | 0.5 | ⚠️ error | TypeError: Cannot read properties of undefined (reading "steps") |',
    );
    expect(md).toContain('| faithfulness (rag) | — | — | ⏭️ skipped | the turn has no retrieval\\_context |');
    expect(md).toContain(
      '**Code graders**\n\n- turn\\_program: `graders/turn_program_equivalence.ts:turnProgramEquivalence` — error: TypeError',
    );
    expect(md).toContain('### Turn 3/3 ⏭️ skipped\n\nSkipped: the session became unrecoverable at turn 2');
    expect(md).not.toContain('**Test case errors**');
  });

  it('shows a passing assertion with the call that satisfied it and grader details', () => {
    const md = section(renderMarkdownReport(sampleReport()), '## ✅ JKHY-2009');
    expect(md).toContain('- ✅ subtract(a=206588, b≈181,001) — matched call \\#0');
    expect(md).toContain('details: `{"steps":["subtract(206588, 181001)"]}`');
  });

  it('renders a single-turn case without turn headings', () => {
    const md = section(renderMarkdownReport(sampleReport()), '## ❌ farewell');
    expect(md).not.toContain('### Turn');
    expect(md).toContain('**Input**\n\n```text\nbye\n```');
    expect(md).toContain('| equality (standard) | 0 | — | ❌ failed |  |');
  });

  it('shows errors of the test case itself, apart from its turns', () => {
    const md = renderMarkdownReport(
      reportOf([singleTurnResult({ test_name: 'x', errors: ['session could not be opened'] })]),
    );
    expect(md).toContain('**Errors**\n\n- session could not be opened');
  });

  it('keeps hostile agent output inert: no HTML, no broken fences or tables', () => {
    const md = renderMarkdownReport(hostileReport());
    expect(outsideCode(md)).not.toMatch(/<(?!br>)[a-z/]/i);
    expect(outsideCode(md)).not.toContain('```');
    expect(md).toContain('&lt;script&gt;alert');
    expect(md).not.toContain('\u001b');
    expect(md).not.toContain('\u0000');
    expect(md).toContain('````text\n<script>alert("x")</script> ]]> | pipe | ``` fence \\x1b[31mred');
    expect(md).toContain('# heading\n---\n* item\n````');
    const table = md.slice(md.indexOf('| Test case |'), md.indexOf('\n\n', md.indexOf('| Test case |'))).split('\n');
    expect(table.every((row) => cells(row).length === 5)).toBe(true);
    for (const row of md.split('\n').filter((line) => line.startsWith('| ') && line.includes('(standard)'))) {
      expect(cells(row)).toHaveLength(5);
    }
    expect(md).toContain('## 💥 evil &lt;b&gt;name&lt;/b&gt; \\| \\]\\]&gt;');
  });

  it("escapes a turn heading's cost, which names the unpriced models as the config or command line spell them", () => {
    const model = 'openai_compatible:x<img src="https://evil.example/px.png" onerror=alert(1)>*b*';
    const cost = {
      agent_usd: null,
      judge_usd: 0,
      priced_usd: 0,
      unpriced_models: [model],
      judge_calls: 0,
      judge_token_usage: usage(0, 0),
    };
    const turns = [0, 1].map((turn_index) => turn({ turn_index, input: 'hi', cost_usd: null, cost }));
    const md = renderMarkdownReport(reportOf([multiTurnResult('two', turns)]));
    const headings = md.split('\n').filter((line) => line.startsWith('### Turn'));
    expect(headings).toHaveLength(2);
    expect(headings[0]).toBe(
      '### Turn 1/2 ✅ · 250ms · unknown (no price for openai\\_compatible:x&lt;img src="https://evil.example/px.png" onerror=alert(1)&gt;\\*b\\*)',
    );
    expect(outsideCode(md)).not.toMatch(/<(?!br>)[a-z/]/i);
  });

  it('writes the tokens of a case and of the run as a lower bound when a request was abandoned', () => {
    const cost = {
      agent_usd: null,
      judge_usd: 0,
      priced_usd: 0.0001,
      unpriced_models: [`openai:gpt-4o${USAGE_ABANDONED}`],
      judge_calls: 0,
      judge_token_usage: usage(0, 0),
    };
    const slow = singleTurnResult({ test_name: 'slow', passed: false, token_usage: usage(12, 10) });
    const known = singleTurnResult({ test_name: 'known', passed: true, token_usage: usage(3, 2) });
    const report = reportOf([{ ...slow, cost_usd: null, cost }, known]);
    const md = renderMarkdownReport({ ...report, summary: { ...report.summary, cost_usd: null, cost } });
    expect(md).toContain('| **Tokens** | ≥ 27 (prompt 15 · completion 12) |');
    expect(md).toMatch(/^.* · ≥ 22 tokens · /m);
    expect(md).toMatch(/^single turn · \S+ · 5 tokens$/m);
    const plain = renderMarkdownReport(reportOf([known]));
    expect(plain).toContain('| **Tokens** | 5 (prompt 3 · completion 2) |');
  });
});
