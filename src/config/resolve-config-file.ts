/** CONFIG: a file, or a folder holding agent.yaml (agent.yml also accepted). */
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ISSUE } from './issue-codes.js';
import { type PendingIssue, pendingIssue } from './pending-issue.js';

/** The names a folder's configuration may have, in the order they are looked for. */
export const CONFIG_FILE_NAMES = ['agent.yaml', 'agent.yml'];

async function kindOf(path: string): Promise<'file' | 'directory' | null> {
  try {
    const stats = await stat(path);
    return stats.isDirectory() ? 'directory' : 'file';
  } catch {
    return null;
  }
}

export async function resolveConfigFile(
  path: string,
): Promise<{ readonly ok: true; readonly path: string } | { readonly ok: false; readonly issue: PendingIssue }> {
  const absolute = resolve(path);
  const kind = await kindOf(absolute);
  if (kind === 'file') return { ok: true, path: absolute };
  if (kind === 'directory') {
    for (const name of CONFIG_FILE_NAMES) {
      const candidate = join(absolute, name);
      if ((await kindOf(candidate)) === 'file') return { ok: true, path: candidate };
    }
  }
  const message =
    kind === 'directory' ? `no agent.yaml in the folder ${absolute}` : `configuration file not found: ${absolute}`;
  const hint = 'pass a config file, or a folder holding agent.yaml';
  return { ok: false, issue: { ...pendingIssue(ISSUE.configNotFound, [], message, { hint, target: 'none' }) } };
}
