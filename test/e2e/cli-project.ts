/** Throw-away projects for CLI tests that need no model: a module agent and single-turn cases it answers. */
import { fileURLToPath } from 'node:url';
import { writeProject } from './e2e-project.js';

export const SCRIPTED_AGENT = fileURLToPath(new URL('./fixtures/scripted-agent.ts', import.meta.url));

export interface CaseSpec {
  readonly name: string;
  /** The question; `wrong:` makes the agent fail it, `slow:MS` delays the answer. */
  readonly input: string;
}

/** agent.yaml (no model: the module agent needs none) with equality-checked cases. */
export function moduleAgentYaml(cases: readonly CaseSpec[], extra = ''): string {
  const list = cases
    .map(
      (c) =>
        `  - name: ${JSON.stringify(c.name)}\n    input: ${JSON.stringify(c.input)}\n    ground_truth: ${JSON.stringify(c.input)}`,
    )
    .join('\n');
  return `name: cli-project
backend: { module: "${SCRIPTED_AGENT}:createScriptedAgent" }
evaluations:
  metrics: [{ type: standard, metric: equality }]
${extra}test_cases:
${list}
`;
}

export function writeModuleProject(cases: readonly CaseSpec[], extra = ''): Promise<string> {
  return writeProject({ 'agent.yaml': moduleAgentYaml(cases, extra) });
}
