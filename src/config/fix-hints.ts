/**
 * The way out for the generic messages (a missing key, blank text, a number out of range, a value that is not a
 * mapping): what to write instead, with a one-line example where the field is known.
 */
import type { ConfigPath } from './pending-issue.js';

const CASE_NAME = 'give each test case a name of its own, e.g. name: cash-2009';

/** `test_cases[3].name`: the path of a test case's own key. */
function isTestCaseKey(path: ConfigPath, key: string): boolean {
  return path.length === 3 && path[0] === 'test_cases' && typeof path[1] === 'number' && path[2] === key;
}

/** Examples of keys that are often left out, as they are written. */
const KEY_EXAMPLES: Readonly<Record<string, string>> = {
  input: 'input: "What was the net cash in 2009?"',
  path: 'path: docs/report.pdf',
  grader: 'grader: "graders/my-grader.ts:grade"',
  criteria: 'criteria: "The answer gives the 2009 figure"',
  file: 'file: tools/finance.ts',
  function: 'function: subtract',
  command: 'command: node',
  url: 'url: http://127.0.0.1:8000/mcp',
};

export function missingKeyHint(path: ConfigPath): string | null {
  const key = path.at(-1);
  if (typeof key !== 'string') return null;
  if (isTestCaseKey(path, 'name')) return CASE_NAME;
  if (path.length === 1 && key === 'name') return 'name the agent, e.g. name: financial-assistant';
  if (key === 'name' && path.includes('expected_tools')) return 'name the tool it expects, e.g. { name: lookup }';
  if (key === 'name' && path.at(-2) === 'model') return "add the model's name, e.g. name: gpt-4o-mini";
  const example = KEY_EXAMPLES[key];
  return example === undefined ? `add ${key}: … to this mapping` : `add it, e.g. ${example}`;
}

/** Text that holds only spaces. */
export function blankHint(path: ConfigPath): string {
  if (isTestCaseKey(path, 'name')) return CASE_NAME;
  const key = path.at(-1);
  return typeof key === 'string' ? `write some text, e.g. ${KEY_EXAMPLES[key] ?? `${key}: …`}` : 'write some text';
}

/** A value that should be a mapping, by where it is. */
export function mappingHint(path: ConfigPath): string {
  const key = path.at(-1);
  if (path.length === 2 && path[0] === 'test_cases') {
    return 'write each test case as keys and values, e.g. - { name: cash-2009, input: "What was the net cash in 2009?" }';
  }
  if (key === 'model') return 'e.g. model: { provider: openai, name: gpt-4o-mini }';
  if (key === 'execution') return 'e.g. execution: { llm_timeout: 60 }';
  if (typeof key === 'string') return `write ${key}: { key: value }, or key: value lines indented below ${key}:`;
  return 'write it as { key: value }';
}

/** Fields whose unit or usual value a bare bound does not tell. */
const RANGE_EXAMPLES: Readonly<Record<string, string>> = {
  llm_timeout: 'give the time limit of one turn in seconds, above 0, e.g. llm_timeout: 60',
  timeout_ms: 'give the time limit in milliseconds, e.g. timeout_ms: 30000',
  parallel_test_cases: 'give how many test cases run at once, e.g. parallel_test_cases: 4',
  max_retries: 'give how many times a failed request is retried, e.g. max_retries: 3',
  min_pass_rate: 'give the share of repeats that must pass, above 0 and at most 1, e.g. min_pass_rate: 0.8',
  requests_per_minute: 'give the requests allowed per minute, above 0, e.g. requests_per_minute: 500',
};

/** A number out of range: the field's usual value, else the bound itself as an example. */
export function rangeHint(path: ConfigPath, example: number | null): string | null {
  const key = path.at(-1);
  if (typeof key !== 'string') return null;
  const known = RANGE_EXAMPLES[key];
  if (known !== undefined) return known;
  return example === null ? null : `e.g. ${key}: ${example}`;
}
