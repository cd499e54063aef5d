/**
 * The `agent.yaml` that `holodeck init` writes: every key commented, one two-turn conversation that uses
 * both tools and all three argument matchers, a numeric metric and a code grader.
 */
import type { ProviderName } from '../../core/config-types.js';
import { INIT_PROVIDERS, type YamlLine } from './init-providers.js';

export interface AgentYamlOptions {
  readonly provider: ProviderName;
  readonly model: string;
  /** Path of the shipped JSON Schema, relative to the project folder. */
  readonly schema_path: string;
}

/**
 * Plain YAML scalars for the usual model ids (`llama3.2`, `qwen2.5:7b`, `org/model`); anything else quoted,
 * with `${` escaped as `$${` so that the loader keeps it as text instead of reading the environment.
 */
function yamlScalar(text: string): string {
  if (/^[A-Za-z0-9][\w.:/@+-]*$/.test(text) && !/:$/.test(text)) return text;
  return JSON.stringify(text.replaceAll('${', () => '$${'));
}

function renderSection(lines: readonly YamlLine[]): string {
  const widths = lines.filter((line) => typeof line !== 'string').map(([line]) => line.length);
  const column = Math.max(34, ...widths) + 1;
  return lines.map((line) => (typeof line === 'string' ? line : `${line[0].padEnd(column)} # ${line[1]}`)).join('\n');
}

function modelBlock(options: AgentYamlOptions): YamlLine[] {
  const provider = INIT_PROVIDERS[options.provider];
  return [
    'model:',
    [`  provider: ${options.provider}`, 'openai | azure_openai | anthropic | ollama | openai_compatible'],
    [`  name: ${yamlScalar(options.model)}`, provider.model_comment(options.model)],
    ...provider.extra_lines.map(
      (line): YamlLine => (typeof line === 'string' ? `  ${line}` : [`  ${line[0]}`, line[1]]),
    ),
    ['  temperature: 0', 'as repeatable as the model allows'],
  ];
}

const HEADER = [
  '# A holodeck project: the agent under test (model, instructions, tools) and its test cases.',
  '# Check it with `npx holodeck validate`, run it with `npx holodeck test` (-v shows every turn).',
  `# Keys are snake_case and unknown keys are errors; \${VAR} and \${VAR:-default} read the environment;`,
  '# relative paths are relative to this file.',
];

const AGENT: readonly YamlLine[] = [['name: shop-assistant', 'names the agent in reports and in results/'], ''];

const INSTRUCTIONS: readonly YamlLine[] = [
  'instructions:',
  ['  file: instructions.md', 'the system prompt; or inline: "You are ..."'],
];

const TOOLS: readonly YamlLine[] = [
  'tools:',
  '  # A TypeScript tool made with defineTool: its description and parameters live in the code.',
  '  - name: calculator',
  ['    type: function', 'function (a module export) or mcp (an MCP server)'],
  ['    file: tools/calculator.ts', 'TypeScript, no build step'],
  ['    function: calculator', 'the export; defaults to the tool name'],
  '  # A plain function: its description and parameters (a JSON Schema) are given here.',
  '  - name: lookup_price',
  '    type: function',
  '    file: tools/prices.ts',
  '    function: lookupPrice',
  '    description: The price in dollars of an item of the shop',
  '    parameters:',
  '      type: object',
  '      properties:',
  '        item: { type: string, description: "laptop, monitor, keyboard or mouse" }',
  '      required: [item]',
];

const EVALUATIONS: readonly YamlLine[] = [
  'evaluations:',
  ['  metrics:', 'for every turn, unless a test case or turn lists its own'],
  '    - type: standard',
  ['      metric: numeric', 'the number in the answer against ground_truth'],
  ['      absolute_tolerance: 0.01', 'passes when |answer - ground_truth| <= 0.01'],
  ['      accept_thousands_separators: true', 'read "1,250" as 1250'],
  '    - type: code',
  ['      name: uses_tool_result', 'the name in reports'],
  ['      grader: graders/uses-tool-result.ts:usesToolResult', 'file:export of your function'],
  ['      threshold: 1', 'passes when the score is >= 1'],
];

const EXECUTION: readonly YamlLine[] = [
  'execution:',
  ['  llm_timeout: 120', 'seconds per turn (a local model may be slow to load)'],
  ['  parallel_test_cases: 1', 'test cases run at once; the turns of a case always run in order'],
];

const TEST_CASES: readonly YamlLine[] = [
  'test_cases:',
  '  - name: laptop-with-voucher',
  ['    turns:', 'one conversation: each turn sees the earlier ones'],
  '      - input: How much does the laptop cost?',
  ['        ground_truth: "1250"', 'what the metrics compare the answer with'],
  ['        expected_tools:', "checked against this turn's tool calls only"],
  '          - name: lookup_price',
  '            args:',
  ['              item: { regex: "(?i)(the )?laptops?" }', 'regex: full match; (?i) ignores case'],
  '      - input: I have a $50 voucher. What do I pay for it?',
  '        ground_truth: "1200"',
  '        expected_tools:',
  '          - name: calculator',
  '            args:',
  ['              operation: subtract', 'literal: exactly this value'],
  ['              a: { fuzzy: "1,250" }', 'fuzzy: 1250, "1250" and "1,250" all match'],
  ['              b: 50', 'a number matches by value: 50 and 50.0'],
];

export function renderAgentYaml(options: AgentYamlOptions): string {
  const sections = [
    [`# yaml-language-server: $schema=${options.schema_path}`, ...HEADER, ''],
    AGENT,
    modelBlock(options),
    INSTRUCTIONS,
    TOOLS,
    EVALUATIONS,
    EXECUTION,
    TEST_CASES,
  ];
  return `${sections.map(renderSection).join('\n\n')}\n`.replace(/\n{3,}/g, '\n\n');
}
