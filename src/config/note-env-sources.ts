/**
 * An issue about a value a `${VAR}` filled in says where the value came from: the file shows the reference, not
 * the value that was refused (`OLLAMA_HOST=gpu-box:11434` behind `endpoint: ${OLLAMA_HOST:-http://…}`). Names
 * only: the value may be a secret, and a message that quoted it names it instead.
 */

import type { PendingIssue } from './pending-issue.js';
import type { Env, EnvReference } from './substitute-env.js';

export function noteEnvSources(
  issues: readonly PendingIssue[],
  references: readonly EnvReference[],
  env: Env,
): PendingIssue[] {
  if (references.length === 0) return [...issues];
  const byPath = new Map<string, string[]>();
  for (const reference of references) {
    const key = JSON.stringify(reference.path);
    const names = byPath.get(key) ?? [];
    if (!names.includes(reference.name)) names.push(reference.name);
    byPath.set(key, names);
  }
  return issues.map((issue) => {
    const names = issue.target === 'value' ? (byPath.get(JSON.stringify(issue.path)) ?? []) : [];
    // An unset variable left its default, which the file shows.
    const set = names.filter((name) => env[name] !== undefined);
    if (set.length === 0) return issue;
    const note = `the value comes from ${set.map((name) => `\${${name}}`).join(' and ')}`;
    // A message quoting the value (`expected a number, got "…"`) names it instead: it may be a secret.
    let message = issue.message;
    for (const name of set) message = message.split(JSON.stringify(env[name])).join(`the value of \${${name}}`);
    return { ...issue, message, hint: issue.hint === null ? note : `${issue.hint}; ${note}` };
  });
}
