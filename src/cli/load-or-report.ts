/** Loads the configuration; on failure prints every issue, located, to stderr. */

import { formatConfigIssue } from '../config/format-config-issue.js';
import { loadConfig } from '../config/load-config.js';
import type { AgentConfig } from '../core/config-types.js';

export async function loadOrReport(configPath: string): Promise<AgentConfig | null> {
  const loaded = await loadConfig(configPath, { env: process.env });
  if (loaded.ok) return loaded.value;
  const count = loaded.issues.length;
  process.stderr.write(`${count} configuration error${count === 1 ? '' : 's'}:\n\n`);
  for (const issue of loaded.issues) {
    process.stderr.write(`${formatConfigIssue(issue, process.cwd())}\n\n`);
  }
  return null;
}
