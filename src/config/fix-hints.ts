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

/** A value that should be a mapping, by where it is (and, for the agent's `evaluations`, by what it is). */
export function mappingHint(path: ConfigPath, value?: unknown): string {
  const key = path.at(-1);
  if (path.length === 1 && key === 'evaluations' && Array.isArray(value)) {
    return 'at the agent level, the list goes under metrics: write evaluations: { metrics: [...] }, or metrics: indented below evaluations: with the list below it';
  }
  if (path.length === 2 && path[0] === 'test_cases') {
    return 'write each test case as keys and values, e.g. - { name: cash-2009, input: "What was the net cash in 2009?" }';
  }
  if (key === 'model') return 'e.g. model: { provider: openai, name: gpt-4o-mini }';
  if (key === 'execution') return 'e.g. execution: { llm_timeout: 60 }';
  if (typeof key === 'string') return `write ${key}: { key: value }, or key: value lines indented below ${key}:`;
  return 'write it as { key: value }';
}

/** What a number field holds and a usual value of it: a bare bound tells neither. */
interface RangeField {
  readonly what: string;
  readonly usual: number;
}

const RANGE_FIELDS: Readonly<Record<string, RangeField>> = {
  llm_timeout: { what: 'the time limit of one turn in seconds', usual: 60 },
  timeout_ms: { what: 'the time limit in milliseconds', usual: 30000 },
  parallel_test_cases: { what: 'how many test cases run at once', usual: 4 },
  max_retries: { what: 'how many times a failed request is retried', usual: 3 },
  max_steps: { what: 'how many model calls one turn may make', usual: 10 },
  limit: { what: 'how many of the first test cases run', usual: 100 },
  repeat: { what: 'how many times each test case runs', usual: 5 },
  min_pass_rate: { what: 'the share of repeats that must pass', usual: 0.8 },
  requests_per_minute: { what: 'the requests allowed per minute', usual: 500 },
  tokens_per_minute: { what: 'the tokens allowed per minute', usual: 200000 },
  max_tokens: { what: 'the most tokens one answer may have', usual: 1000 },
  input_per_mtok: { what: 'US dollars per million input tokens', usual: 2.5 },
  output_per_mtok: { what: 'US dollars per million output tokens', usual: 10 },
  cached_input_per_mtok: { what: 'US dollars per million input tokens read from the cache', usual: 1.25 },
  cache_write_per_mtok: { what: 'US dollars per million input tokens written to the cache', usual: 3.125 },
};

/** The bound a number broke: the lower one (`too_small`) or the upper one. */
export interface BrokenBound {
  readonly side: 'lower' | 'upper';
  readonly value: number;
  readonly inclusive: boolean;
}

/** `above 0`, `1 or more`, `at most 1000`, `below 1`. */
function boundText(bound: BrokenBound): string {
  if (bound.side === 'lower') return bound.inclusive ? `${bound.value} or more` : `above ${bound.value}`;
  return bound.inclusive ? `at most ${bound.value}` : `below ${bound.value}`;
}

/**
 * A number out of range: what the field holds, the bound it broke and a usual value; for a field not known
 * here, the bound itself (or the whole number next to it) as an example.
 */
export function rangeHint(path: ConfigPath, bound: BrokenBound): string | null {
  const key = path.at(-1);
  if (typeof key !== 'string') return null;
  const known = RANGE_FIELDS[key];
  if (known !== undefined) return `give ${known.what}, ${boundText(bound)}, e.g. ${key}: ${known.usual}`;
  if (!Number.isFinite(bound.value)) return null;
  const step = bound.side === 'lower' ? 1 : -1;
  return `e.g. ${key}: ${bound.inclusive ? bound.value : bound.value + step}`;
}
