/** Every file of the project `holodeck init` writes, as paths (relative, `/`-separated) and contents. */
import type { ProviderName } from '../../core/config-types.js';
import { USES_TOOL_RESULT_TS } from './grader-template.js';
import { type AgentYamlOptions, renderAgentYaml } from './render-agent-yaml.js';
import { CALCULATOR_TS, PRICES_TS } from './tool-templates.js';

export interface ProjectFile {
  readonly path: string;
  /** What the file is, for the list printed after writing. */
  readonly role: string;
  readonly content: string;
  /** Kept when it exists, with the lines it lacks added (see write-project-files.ts). */
  readonly extend?: boolean;
}

export interface ProjectOptions {
  readonly provider: ProviderName;
  readonly model: string;
  readonly schema_path?: string;
}

/** Where the schema is for a project that installed holodeck from npm. */
export const DEFAULT_SCHEMA_PATH = 'node_modules/holodeck/schema/agent.schema.json';

const INSTRUCTIONS_MD = `You are the assistant of a small computer shop.

- Look prices up with the lookup_price tool; never guess a price.
- Do arithmetic with the calculator tool.
- Answer in one short sentence that states the final amount in dollars.
`;

const GITIGNORE = `# run records: holodeck test saves one per run under results/<agent>/
results/
node_modules/
`;

export function renderProject(options: ProjectOptions): readonly ProjectFile[] {
  const yamlOptions: AgentYamlOptions = {
    provider: options.provider,
    model: options.model,
    schema_path: options.schema_path ?? DEFAULT_SCHEMA_PATH,
  };
  return [
    { path: 'agent.yaml', role: 'the agent, its tools, metrics and test cases', content: renderAgentYaml(yamlOptions) },
    { path: 'instructions.md', role: 'the system prompt', content: INSTRUCTIONS_MD },
    { path: 'tools/calculator.ts', role: 'a tool made with defineTool', content: CALCULATOR_TS },
    { path: 'tools/prices.ts', role: 'a plain-function tool (parameters in agent.yaml)', content: PRICES_TS },
    { path: 'graders/uses-tool-result.ts', role: 'a code grader', content: USES_TOOL_RESULT_TS },
    { path: '.gitignore', role: 'keeps run records out of git', content: GITIGNORE, extend: true },
  ];
}
