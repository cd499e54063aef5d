/** Which shard each unfinished run's `.partial.jsonl` log belongs to, from the log's header line. */
import { scanPartialLog } from '../../records/partial-log.js';
import type { UnfinishedRun } from './check-shards.js';

export async function readUnfinishedRuns(logs: readonly string[]): Promise<UnfinishedRun[]> {
  const runs: UnfinishedRun[] = [];
  for (const path of logs) {
    try {
      const { header } = await scanPartialLog(path);
      runs.push({ path, shard: header?.metadata.selection?.shard ?? null });
    } catch {
      runs.push({ path, shard: null });
    }
  }
  return runs;
}
