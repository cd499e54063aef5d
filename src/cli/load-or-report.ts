/** Loads the configuration; on failure prints every issue, located, to stderr. */

import { relative } from 'node:path';
import { formatConfigIssue } from '../config/format-config-issue.js';
import { loadConfig } from '../config/load-config.js';
import type { AgentConfig } from '../core/config-types.js';

export async function loadOrReport(configPath: string, load = loadConfig): Promise<AgentConfig | null> {
  let loaded: Awaited<ReturnType<typeof loadConfig>>;
  try {
    loaded = await load(configPath, { env: process.env });
  } catch (error) {
    // The loader reports problems as issues; a throw is a defect, still answered as a configuration error.
    const where = relative(process.cwd(), configPath) || configPath;
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    process.stderr.write(`1 configuration error:\n\n${where}  the configuration could not be loaded (${reason})\n\n`);
    return null;
  }
  if (loaded.ok) return loaded.value;
  const count = loaded.issues.length;
  process.stderr.write(`${count} configuration error${count === 1 ? '' : 's'}:\n\n`);
  for (const issue of loaded.issues) {
    process.stderr.write(`${formatConfigIssue(issue, process.cwd())}\n\n`);
  }
  return null;
}
