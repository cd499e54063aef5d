/** Which shard each unfinished run's `.partial.jsonl` log belongs to, from the log's header line. */
import { scanPartialLog } from '../../records/partial-log.js';
import type { UnfinishedRun } from './check-shards.js';
import { modelLabel } from './loaded-shard.js';

export async function readUnfinishedRuns(logs: readonly string[]): Promise<UnfinishedRun[]> {
  const runs: UnfinishedRun[] = [];
  for (const path of logs) {
    try {
      const { header } = await scanPartialLog(path);
      const model = header?.metadata.model;
      runs.push({ path, shard: header?.metadata.selection?.shard ?? null, model: model ? modelLabel(model) : null });
    } catch {
      runs.push({ path, shard: null, model: null });
    }
  }
  return runs;
}
