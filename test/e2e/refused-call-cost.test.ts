/**
 * A request the provider refused (an HTTP 400) used no tokens and was charged nothing: its case costs `$0`,
 * whatever the model's price, the same in JSON, Markdown and on the console; the cases that used tokens on a
 * model without a price stay unknown, and so does the run.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { lastUserText } from '../fakes/fake-request-view.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { AGENT_USAGE, agentYaml, HOUSE, runProject } from './cost-project.js';

let server: FakeModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const CASES = `  - { name: answered, input: q1, ground_truth: "42" }
  - { name: refused, input: q2, ground_truth: "42" }
`;

describe('the cost of a refused request', () => {
  it('is $0 on a model without a price, the run staying unknown', async () => {
    server = await startFakeModelServer((request) =>
      lastUserText(request) === 'q2'
        ? { kind: 'error', status: 400, message: 'bad request' }
        : { kind: 'answer', text: '42', usage: AGENT_USAGE },
    );
    const { run, report, markdown } = await runProject(agentYaml(server.url, HOUSE, null, CASES));
    expect(run.code, run.stderr).toBe(1);
    const [answered, refused] = report.results;
    expect(answered).toMatchObject({ cost_usd: null, cost: { unpriced_models: ['openai_compatible:house-model'] } });
    expect(refused).toMatchObject({ status: 'error', cost_usd: 0, cost: { agent_usd: 0, unpriced_models: [] } });
    expect(refused?.token_usage.total_tokens).toBe(0);
    expect(report.summary.cost_usd).toBeNull();
    expect(run.stdout).toMatch(/✓ answered {2}[\d.]+m?s · unknown \(no price for openai_compatible:house-model\)\n/);
    expect(run.stdout).toMatch(/! refused {2}ERROR {2}[\d.]+m?s · \$0 {2}— model request failed: 400/);
    expect(run.stdout).toContain('  Cost    unknown (no price for openai_compatible:house-model)\n');
    expect(markdown).toMatch(/single turn · [\d.]+m?s · 0 tokens · \$0\n/);
    expect(markdown).toContain('| **Cost** | unknown (no price for openai\\_compatible:house-model) |');
  });
});
