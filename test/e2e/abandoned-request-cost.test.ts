/**
 * A model request abandoned at the turn's time limit was sent, and the provider may go on and bill it: its usage
 * is unknown, so its turn's cost is unknown (never $0), the case's and the run's a lower bound, and `--max-cost`
 * warns that it cannot count it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { lastUserText } from '../fakes/fake-request-view.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { AGENT_USAGE, agentYaml, MINI, runProject } from './cost-project.js';

let server: FakeModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const CASES = `  - { name: one, input: q1, ground_truth: "42" }
  - name: talk
    turns:
      - { input: q2, ground_truth: "42" }
      - { input: q3, ground_truth: "42" }
      - { input: q4, ground_truth: "42" }
`;

const ABANDONED = 'openai:gpt-4o-mini (request abandoned before it answered)';
const WHY = 'no token usage for a request to openai:gpt-4o-mini abandoned before it answered';

describe('the cost of a request abandoned at the time limit', () => {
  it('is unknown on its turn and leaves the case and the run a lower bound', async () => {
    server = await startFakeModelServer((request) =>
      lastUserText(request) === 'q3'
        ? { kind: 'answer', text: '42', usage: AGENT_USAGE, delay_ms: 5000 }
        : { kind: 'answer', text: '42', usage: AGENT_USAGE },
    );
    const yaml = `${agentYaml(server.url, MINI, null, CASES)}execution: { llm_timeout: 2 }\n`;
    const { run, report, markdown } = await runProject(yaml, ['--max-cost', '5']);
    expect(run.code, run.stderr).toBe(1);
    const talk = report.results[1];
    expect(talk?.turns?.[1]).toMatchObject({
      status: 'error',
      cost_usd: null,
      cost: { agent_usd: null, priced_usd: 0, unpriced_models: [ABANDONED] },
    });
    // Turns 1 and 3 answered, priced as ever; turn 2's request is left out of the sum, which says so.
    expect(talk).toMatchObject({ cost_usd: null, cost: { priced_usd: 0.00039, unpriced_models: [ABANDONED] } });
    expect(report.summary).toMatchObject({
      cost_usd: null,
      cost: { agent_usd: null, priced_usd: 0.000585, unpriced_models: [ABANDONED] },
    });
    expect(run.stdout).toContain(`  Cost    ≥ $0.000585 (${WHY})\n`);
    // The abandoned request's tokens are unknown: the console's count is a lower bound.
    expect(run.stdout).toContain('  Tokens  ≥ 3,300 (prompt 3,000');
    expect(run.stdout).toMatch(new RegExp(`! talk .* ≥ \\$0\\.00039 \\(${WHY}\\)`));
    expect(markdown).toMatch(/Turn 2\/3 💥 error · [\d.]+s · unknown \(no token usage for a request/);
    expect(run.stderr).toContain(
      'warning: --max-cost cannot count calls of openai:gpt-4o-mini: a request abandoned before it answered',
    );
  }, 30_000);
});
