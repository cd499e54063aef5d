/**
 * `--last-failed`: the test cases that failed or errored in the latest run of this config — the newest run
 * record in the agent's results folder whose report names the same config file, with the records of the other
 * models when that run was a model matrix.
 */
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { type RunRecord, readRunRecord } from '../records/run-record.js';
import { agentSlug } from '../reporters/run-record-path.js';

export type LastFailed =
  | { readonly ok: true; readonly run_id: string; readonly names: readonly string[] }
  | { readonly ok: false; readonly message: string };

export async function lastFailed(resultsDir: string, agentName: string, configPath: string): Promise<LastFailed> {
  const folder = join(resultsDir, agentSlug(agentName));
  let files: string[];
  try {
    files = (await readdir(folder)).filter((name) => name.endsWith('.json') && !name.startsWith('.'));
  } catch {
    files = [];
  }
  const newestFirst = [...files].sort().reverse();
  for (const [position, file] of newestFirst.entries()) {
    const path = join(folder, file);
    let record: Awaited<ReturnType<typeof readRunRecord>>;
    try {
      record = await readRunRecord(path);
    } catch (error) {
      return { ok: false, message: `--last-failed: cannot read the run record ${path}: ${(error as Error).message}` };
    }
    if (record.report.agent_config_path !== configPath) continue;
    const names = new Set(failedNames(record));
    // A model matrix writes one record per model, side by side: the latest run is all of them.
    const comparison = record.metadata.comparison_id;
    if (comparison !== undefined) {
      for (const older of newestFirst.slice(position + 1)) {
        const sibling = await readRunRecord(join(folder, older)).catch(() => null);
        if (sibling?.metadata.comparison_id !== comparison) break;
        for (const name of failedNames(sibling)) names.add(name);
      }
    }
    return {
      ok: true,
      run_id: relative(resultsDir, path)
        .replace(/\\/g, '/')
        .replace(/\.json$/, ''),
      names: [...names],
    };
  }
  return { ok: false, message: `--last-failed: no earlier run of ${configPath} in ${folder}` };
}

function failedNames(record: RunRecord): string[] {
  return record.report.results.filter((result) => !result.passed).map((result) => result.test_name);
}
