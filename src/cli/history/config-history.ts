/**
 * Which recorded config paths a config's history holds: its own path, whenever a run of the folder recorded it;
 * else the one path that ends with this config's path from the folder holding it and the results folder (sameConfig:
 * the same project, moved or copied since). When two or more recorded paths end that way, none is taken: they are
 * other configs writing to the same results folder, and no run of theirs is this config's.
 */
import { readHistoryRun } from './history-run.js';
import type { RunFiles } from './list-run-files.js';
import { configTail, sameConfig } from './same-config.js';

export interface ConfigHistory {
  /** Whether a run that recorded this path is of the config. */
  readonly owns: (recorded: string) => boolean;
  /** Why no run was taken by its path's end: several recorded paths have it. Null otherwise. */
  readonly warning: string | null;
}

export function configHistory(recorded: Iterable<string>, configPath: string, resultsDir: string): ConfigHistory {
  const paths = new Set(recorded);
  if (paths.has(configPath)) return { owns: (path) => path === configPath, warning: null };
  const moved = [...paths].filter((path) => path !== '' && sameConfig(path, configPath, resultsDir)).sort();
  const only = moved.length === 1 ? (moved[0] as string) : null;
  if (moved.length < 2) return { owns: (path) => only !== null && path === only, warning: null };
  const tail = configTail(configPath, resultsDir).join('/');
  return {
    owns: () => false,
    warning: `runs of ${moved.length} config files ending with ${tail} are in the results folder (${moved.join(', ')}) and none of ${configPath}: none is taken as this config moved`,
  };
}

/** The config paths the runs recorded; a run that cannot be read is left out (it is said when it is reached). */
export async function recordedConfigPaths(runs: readonly RunFiles[]): Promise<Set<string>> {
  const paths = new Set<string>();
  for (const files of runs) {
    try {
      const run = await readHistoryRun(files);
      if (run !== null) paths.add(run.config_path);
    } catch {
      // Unreadable: its path is unknown.
    }
  }
  return paths;
}

const warned = new Set<string>();

/** Says the warning on stderr, once per process. */
export function sayHistoryWarning(history: ConfigHistory): void {
  if (history.warning === null || warned.has(history.warning)) return;
  warned.add(history.warning);
  process.stderr.write(`warning: ${history.warning}\n`);
}
