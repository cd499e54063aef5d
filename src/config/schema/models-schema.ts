/** `models:` — a model matrix: the suite runs once per model, each block shaped as `model:`. */
import { z } from 'zod';
import { ISSUE } from '../issue-codes.js';
import { type PendingIssue, pendingIssue } from '../pending-issue.js';
import { hasKey, isRecord, listRule } from './fields.js';
import { modelSchema } from './model-schema.js';
import { withIssue } from './schema-meta.js';

function modelKey(item: unknown): string | null {
  if (!isRecord(item) || typeof item['provider'] !== 'string' || typeof item['name'] !== 'string') return null;
  return `${item['provider']}:${item['name']}`;
}

/** Two entries naming the same provider and model would give two runs no one could tell apart. */
function uniqueModels(items: readonly unknown[]): PendingIssue[] {
  const seen = new Map<string, number>();
  const issues: PendingIssue[] = [];
  items.forEach((item, index) => {
    const key = modelKey(item);
    if (key === null) return;
    const first = seen.get(key);
    if (first === undefined) {
      seen.set(key, index);
      return;
    }
    issues.push(
      pendingIssue(ISSUE.duplicateName, [index, 'name'], `${key} is already models[${first}]`, {
        hint: 'each model of the matrix runs the whole suite once: list it once',
      }),
    );
  });
  return issues;
}

export const modelListSchema = withIssue(z.array(modelSchema).min(1), {
  code: ISSUE.emptyList,
  message: '`models` is empty',
  hint: 'list at least one model block ({ provider, name }), or use `model:`',
}).check(listRule(uniqueModels));

/** `model:` and `models:` together: which one runs would be a guess. */
export function modelAndModelsIssues(root: Readonly<Record<string, unknown>>): PendingIssue[] {
  if (!hasKey(root, 'model') || !hasKey(root, 'models')) return [];
  return [
    pendingIssue(ISSUE.conflictingKeys, ['models'], 'give either `model` or `models`, not both', {
      target: 'key',
      hint: 'move the `model` block into the `models` list (a matrix), or remove `models`',
    }),
  ];
}
