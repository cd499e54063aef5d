import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expectConfig, writeTree } from '../../test/support/config/fixtures/config-tree.js';
import type { CodeMetricConfig } from '../core/config-types.js';
import { createCodeEvaluator } from '../evaluators/code.js';
import { exportReader } from '../workers/export-reader.js';
import { createWorkerPool } from '../workers/worker-pool.js';
import { loadConfig } from './load-config.js';

/** Code graders read by describe_grader in the threads of a real grader pool, as the command line does. */
describe('loadConfig with describe_grader (code graders read in their pool’s threads)', () => {
  const pool = createWorkerPool({ max_workers: 2, stop_grace_ms: 200 });
  afterAll(() => pool.close());
  const reader = (limitMs = 30_000) => exportReader(() => ({ call: (call) => pool.run(call) }), limitMs).describe;

  // The module leaves a mark in the thread that imports it.
  const GRADERS = `import { writeFileSync } from 'node:fs';
import { threadId } from 'node:worker_threads';
writeFileSync(new URL('./imported-in-' + threadId + '.txt', import.meta.url), 'yes');
export function closeEnough(context) {
  return { score: context.agent_response === context.ground_truth ? 1 : 0, reason: 'compared' };
}
export const threshold = 0.5;
`;
  const agent = (grader: string) => `name: graded
model: { provider: openai, name: gpt-4o-mini }
evaluations:
  metrics: [{ type: code, grader: "${grader}", name: close }]
test_cases:
  - { name: sum, input: "2 + 3?", ground_truth: "5" }
`;
  const loadWith = (dir: string, limitMs?: number) =>
    loadConfig(dir, { env: { OPENAI_API_KEY: 'k' }, describe_grader: reader(limitMs) });

  it('imports the grader in a pool thread only, and the evaluator runs it there', async () => {
    const dir = await writeTree({ 'agent.yaml': agent('graders.mjs:closeEnough'), 'graders.mjs': GRADERS });
    const config = expectConfig({ dir, result: await loadWith(dir) });
    // Thread 0 (this one) imported nothing.
    expect(existsSync(join(dir, 'imported-in-0.txt'))).toBe(false);
    const metric = config.evaluations.metrics[0] as CodeMetricConfig;
    expect(metric).toMatchObject({ type: 'code', grader: 'graders.mjs:closeEnough' });
    expect(() => metric.grader_fn({} as never)).toThrow('grader graders.mjs:closeEnough runs in its worker thread');
    const evaluator = createCodeEvaluator(metric, pool);
    const input = {
      test_case_name: 'sum',
      turn_index: 0,
      turn_input: '2 + 3?',
      agent_response: '5',
      ground_truth: '5',
      retrieval_context: null,
      tool_invocations: [],
      turn_config: {},
      turn: {},
      earlier_turns: [],
      signal: new AbortController().signal,
    };
    await expect(evaluator.evaluate(input)).resolves.toMatchObject({ score: 1, reasoning: 'compared' });
    expect(existsSync(join(dir, 'imported-in-0.txt'))).toBe(false);
  });

  it('locates a grader that is missing, not a function, or whose module never finishes loading', async () => {
    const dir = await writeTree({
      'agent.yaml': `name: graded
model: { provider: openai, name: gpt-4o-mini }
evaluations:
  metrics:
    - { type: code, grader: "graders.mjs:closeEnuff", name: typo }
    - { type: code, grader: "graders.mjs:threshold", name: number }
    - { type: code, grader: "gone.mjs:grade", name: gone }
    - { type: code, grader: "stuck.mjs:grade", name: stuck }
test_cases:
  - { name: sum, input: "2 + 3?", ground_truth: "5" }
`,
      'graders.mjs': GRADERS,
      'stuck.mjs': 'while (true) {}\nexport function grade() {\n  return true;\n}\n',
    });
    const loaded = await loadWith(dir, 1_500);
    expect(loaded.ok).toBe(false);
    const issues = loaded.ok ? [] : loaded.issues.map((issue) => [issue.code, issue.path, issue.message]);
    expect(issues).toEqual([
      [
        'GRADER_UNRESOLVED',
        'evaluations.metrics[0].grader',
        expect.stringMatching(
          /^cannot load grader "graders\.mjs:closeEnuff": .*graders\.mjs has no export "closeEnuff"/,
        ),
      ],
      [
        'GRADER_NOT_FUNCTION',
        'evaluations.metrics[1].grader',
        'grader "graders.mjs:threshold" is not a function (it is a number (0.5))',
      ],
      [
        'GRADER_UNRESOLVED',
        'evaluations.metrics[2].grader',
        expect.stringMatching(/^cannot load grader "gone\.mjs:grade": file not found: /),
      ],
      [
        'GRADER_UNRESOLVED',
        'evaluations.metrics[3].grader',
        expect.stringMatching(
          /^cannot load grader "stuck\.mjs:grade": importing .*stuck\.mjs did not finish within 1\.5 s/,
        ),
      ],
    ]);
    const typo = loaded.ok ? undefined : loaded.issues[0];
    expect(typo?.hint).toMatch(/closeEnough/);
  });
});
