/** The Failures list at the end of a console run: each reason whole, up to a generous bound that is said. */
import { describe, expect, it } from 'vitest';
import { captureStream } from '../../test/support/reporters/capture-stream.js';
import { playReport } from '../../test/support/reporters/play-report.js';
import { assertion, call, reportOf, singleTurnResult } from '../../test/support/reporters/report-fixtures.js';
import { createConsoleReporter } from './console-reporter.js';
import { FAILURE_REASON_WIDTH } from './console-summary.js';

const ARGS = {
  order_id: 'A101',
  amount: 120,
  reason: { fuzzy: 'the item arrived damaged in transit' },
  note: 'customer asked for a refund',
};
const REASON =
  "arg 'amount' mismatch: expected 120, got 12; arg 'reason' mismatch: expected ≈\"the item arrived damaged in " +
  'transit", got "The screen is cracked" (similarity 0.21 < 0.8); arg \'note\' mismatch: expected "customer ' +
  'asked for a refund", got "refund"';

async function failuresOf(reason: string): Promise<string> {
  const result = singleTurnResult({
    test_name: 'refund',
    passed: false,
    tool_calls: ['issue_refund'],
    tool_invocations: [call('issue_refund', { order_id: 'A101', amount: 12 }, 'ok')],
    tools_matched: false,
    arg_match_details: [assertion({ tool: 'issue_refund', args: ARGS, passed: false, reason })],
    metric_results: [],
  });
  const stream = captureStream();
  await playReport(createConsoleReporter({ stream, verbosity: 'quiet', color: false }), reportOf([result]));
  const text = stream.text();
  return text.slice(text.indexOf('Failures'));
}

describe('the Failures list of the console summary', () => {
  it('shows a tool assertion with every argument that differs and how, whole', async () => {
    const failures = await failuresOf(REASON);
    expect(failures).toContain(
      `      issue_refund(order_id="A101", amount=120, reason≈the item arrived damaged in transit, note="customer asked for a refund") — ${REASON}\n`,
    );
    expect(failures).not.toContain('…');
  });

  it('cuts a reason longer than its bound, and says the length of the whole', async () => {
    const failures = await failuresOf(`arg 'note' mismatch: ${'x'.repeat(FAILURE_REASON_WIDTH * 2)}`);
    const line = failures.split('\n').find((text) => text.includes("arg 'note'")) ?? '';
    expect(line).toMatch(/…\s?\[truncated: 2,\d{3} characters in total\]$/);
    expect(line.length).toBeLessThan(FAILURE_REASON_WIDTH + 80);
  });
});
