/** `test_cases_file:` — a YAML or JSON file holding a list of test cases, or `{ test_cases: [...] }`. */
import { isAbsolute, resolve } from 'node:path';
import { describeValue } from './describe-value.js';
import { didYouMean } from './did-you-mean.js';
import type { FileSizeLimits } from './file-size-limits.js';
import { ISSUE } from './issue-codes.js';
import { type ConfigPath, type PendingIssue, pendingIssue } from './pending-issue.js';
import { readSource } from './read-source.js';
import { isRecord } from './schema/fields.js';
import type { SourceDocument } from './source-document.js';
import { type Env, substituteEnv } from './substitute-env.js';

/** Where test cases live in their file: `test_cases[i]` of the config is `[...prefix, i]` there. */
export interface TestCasesSource {
  readonly document: SourceDocument;
  readonly prefix: ConfigPath;
}

export type TestCasesFileLoad =
  | {
      readonly ok: true;
      readonly items: unknown;
      readonly source: TestCasesSource;
      readonly issues: readonly PendingIssue[];
    }
  | { readonly ok: false; readonly issues: readonly PendingIssue[] };

const WRAPPER_KEYS = ['test_cases'];

export async function loadTestCasesFile(
  file: string,
  baseDir: string,
  env: Env,
  limits: FileSizeLimits,
): Promise<TestCasesFileLoad> {
  const path = resolve(baseDir, file);
  // Formats holodeck does not read are said as such, not as the YAML syntax error of reading them as YAML.
  const format = /\.(csv|tsv|xlsx?|jsonl|ndjson)$/i.exec(path)?.[1]?.toLowerCase();
  if (format !== undefined) {
    const lines = format === 'jsonl' || format === 'ndjson' ? ' (one JSON object per line)' : '';
    const message = `${path}: a .${format} file${lines} is not read as a test cases file`;
    const hint =
      'write the test cases as a YAML or JSON list (a .json file holding [{ … }, { … }]), or a mapping with test_cases:';
    return { ok: false, issues: [pendingIssue(ISSUE.testCasesFileShape, ['test_cases_file'], message, { hint })] };
  }
  const read = await readSource(path, {
    kind: 'test cases',
    maxBytes: limits.test_cases_bytes,
    wholeYamlBytes: limits.config_bytes,
    path: ['test_cases_file'],
  });
  if (!read.ok) {
    if ('issues' in read) return { ok: false, issues: read.issues };
    const notFound = read.error === 'not found';
    const message = notFound ? `test cases file not found: ${path}` : `cannot read ${path}: ${read.error}`;
    // Where a relative path was looked for is the likely mistake; an absolute one, or a file found but not
    // readable (a device such as /dev/stdin, a folder), is said by the message alone.
    const hint = notFound && !isAbsolute(file) ? 'the path is relative to the folder of the config file' : null;
    return { ok: false, issues: [pendingIssue(ISSUE.testCasesFileNotFound, ['test_cases_file'], message, { hint })] };
  }
  const document = read.document;
  const data = document.data;
  const prefix: ConfigPath = Array.isArray(data) ? [] : ['test_cases'];
  const shapeIssues = isRecord(data) ? wrapperIssues(data, document) : [];
  if (!Array.isArray(data) && !(isRecord(data) && Array.isArray(data['test_cases']))) {
    const message = `a test cases file holds a list of test cases, or a mapping with \`test_cases:\` (got ${describeValue(data)})`;
    const location = document.locate(isRecord(data) ? ['test_cases'] : [], 'value');
    return {
      ok: false,
      issues: [...shapeIssues, { ...pendingIssue(ISSUE.testCasesFileShape, ['test_cases_file'], message), location }],
    };
  }
  const items = Array.isArray(data) ? data : data['test_cases'];
  const substituted =
    read.dollar_free === true ? { value: items, issues: [] } : substituteEnv(items, env, ['test_cases']);
  return {
    ok: true,
    items: substituted.value,
    source: { document, prefix },
    issues: [...shapeIssues, ...substituted.issues],
  };
}

/** What other tools call their list of cases (`tests:`, `cases:`): meant as `test_cases:`. */
const LIST_NAMES: ReadonlySet<string> = new Set(['tests', 'cases', 'testcases', 'examples', 'dataset', 'data']);

function wrapperIssues(data: Record<string, unknown>, document: SourceDocument): PendingIssue[] {
  return Object.keys(data)
    .filter((key) => !WRAPPER_KEYS.includes(key))
    .map((key) => ({
      ...pendingIssue(ISSUE.unknownKey, ['test_cases_file'], `unknown key \`${key}\` in the test cases file`, {
        hint:
          didYouMean(key, WRAPPER_KEYS) ??
          (LIST_NAMES.has(key.toLowerCase().replace(/[\s_-]/g, ''))
            ? 'did you mean `test_cases`? the file holds only `test_cases:`'
            : 'the file holds only `test_cases:`'),
      }),
      location: document.locate([key], 'key'),
    }));
}
