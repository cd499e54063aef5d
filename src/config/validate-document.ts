/**
 * Validates agent.yaml key by key, so that a mistake in one section does not hide the others and every valid
 * section can go on to the build stage (where files and modules are checked).
 */
import type { z } from 'zod';
import { describeValue } from './describe-value.js';
import { didYouMean } from './did-you-mean.js';
import { ISSUE } from './issue-codes.js';
import { listFormHint } from './list-form-hint.js';
import { type ConfigPath, IssueSink, pendingIssue } from './pending-issue.js';
import { parsePlainTestCase } from './plain-test-case.js';
import { agentConfigSchema, modelPresenceIssues, testCaseSourceIssues } from './schema/agent-schema.js';
import { isRecord, type ListRule } from './schema/fields.js';
import { modelAndModelsIssues } from './schema/models-schema.js';
import { type TestCaseInput, testCaseSchema, uniqueTestCaseNames } from './schema/test-case-schema.js';
import { type ToolInput, toolSchema, uniqueToolNames } from './schema/tool-schema.js';
import { parseWithSchema } from './zod-issues.js';

const shape = agentConfigSchema.shape;
type Shape = typeof shape;
type SectionKey = Exclude<keyof Shape, 'tools' | 'test_cases'>;
type Section<K extends SectionKey> = z.output<Shape[K]>;

export interface Indexed<T> {
  readonly index: number;
  readonly value: T;
}

export interface ValidatedDocument {
  /** A section is undefined when it is absent or invalid (its issues are in `issues`). */
  readonly section: <K extends SectionKey>(key: K) => Section<K> | undefined;
  readonly tools: readonly Indexed<ToolInput>[];
  /** The raw inline `test_cases` (validated with those of a test_cases_file, by validateTestCases). */
  readonly inlineTestCases: unknown;
  /** The raw `evaluations` section, for the checks of its valid metrics when the section as a whole is refused. */
  readonly rawEvaluations: unknown;
  readonly issues: IssueSink;
}

export function validateDocument(data: unknown): ValidatedDocument {
  const issues = new IssueSink();
  if (!isRecord(data)) {
    const message = `the configuration must be a mapping of keys (name:, model:, ...), got ${describeValue(data)}`;
    issues.add(pendingIssue(ISSUE.notAMapping, [], message));
    return { section: () => undefined, tools: [], inlineTestCases: undefined, rawEvaluations: undefined, issues };
  }
  const root = data;
  const allowed = Object.keys(shape);
  for (const key of Object.keys(root)) {
    if (Object.hasOwn(shape, key)) continue;
    const hint = didYouMean(key, allowed) ?? `allowed keys: ${allowed.join(', ')}`;
    issues.add(pendingIssue(ISSUE.unknownKey, [key], `unknown key \`${key}\``, { hint, target: 'key' }));
  }
  const sections = new Map<SectionKey, unknown>();
  for (const key of Object.keys(shape) as (keyof Shape)[]) {
    if (key === 'tools' || key === 'test_cases') continue;
    const parsed = parseWithSchema(shape[key], root[key], [key]);
    if (parsed.ok) sections.set(key, parsed.value);
    else issues.addAll(parsed.issues);
  }
  issues.addAll(modelPresenceIssues(root));
  issues.addAll(modelAndModelsIssues(root));
  issues.addAll(testCaseSourceIssues(root));
  const tools = validateList(root['tools'], ['tools'], toolSchema, uniqueToolNames, issues);
  return {
    section: <K extends SectionKey>(key: K) => sections.get(key) as Section<K> | undefined,
    tools,
    inlineTestCases: root['test_cases'],
    rawEvaluations: root['evaluations'],
    issues,
  };
}

export interface ValidatedTestCases {
  readonly valid: Indexed<TestCaseInput>[];
  /** The items the schema refused (their issues are in the sink), for the checks of their valid parts. */
  readonly refused: Indexed<unknown>[];
}

/** Validates test cases (inline or from a file) one by one; `items` is what the YAML or JSON holds. */
export function validateTestCases(items: unknown, issues: IssueSink): ValidatedTestCases {
  const refused: Indexed<unknown>[] = [];
  // `holodeck test` would have nothing to run: said here, so that `validate` says it too.
  if (Array.isArray(items) && items.length === 0) {
    issues.add(
      pendingIssue(ISSUE.emptyList, ['test_cases'], 'there are no test cases', {
        hint: 'add at least one: - { name: ..., input: ... }',
      }),
    );
  }
  const valid = validateList(
    items,
    ['test_cases'],
    testCaseSchema,
    uniqueTestCaseNames,
    issues,
    parsePlainTestCase,
    refused,
  );
  return { valid, refused };
}

function validateList<S extends z.ZodType>(
  items: unknown,
  path: ConfigPath,
  itemSchema: S,
  rule: ListRule,
  issues: IssueSink,
  /** The item as `itemSchema` parses it, without running it, for the shapes it knows; undefined otherwise. */
  parsePlain?: (item: unknown) => z.output<S> | undefined,
  refused?: Indexed<unknown>[],
): Indexed<z.output<S>>[] {
  if (items === undefined) return [];
  if (!Array.isArray(items)) {
    const hint = listFormHint(path.at(-1), items);
    issues.add(pendingIssue(ISSUE.invalidType, path, `expected a list, got ${describeValue(items)}`, { hint }));
    return [];
  }
  const valid: Indexed<z.output<S>>[] = [];
  items.forEach((item: unknown, index) => {
    const plain = parsePlain?.(item);
    if (plain !== undefined) {
      valid.push({ index, value: plain });
      return;
    }
    const parsed = parseWithSchema(itemSchema, item, [...path, index]);
    if (parsed.ok) valid.push({ index, value: parsed.value });
    else {
      issues.addAll(parsed.issues);
      refused?.push({ index, value: item });
    }
  });
  for (const issue of rule(items)) issues.add({ ...issue, path: [...path, ...issue.path] });
  return valid;
}
