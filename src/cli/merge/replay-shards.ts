/**
 * Feeds the results of shard records, shard by shard, to reporters as one run: each record is read again
 * when its turn comes, so only one shard's results are in memory at a time.
 */
import type { AgentConfig } from '../../core/config-types.js';
import type { Reporter, RunEnd } from '../../core/reporter.js';
import { createSummaryAccumulator } from '../../core/summary-accumulator.js';
import { type RunRecord, readRunRecord } from '../../records/run-record.js';
import type { ShardRecord } from './check-shards.js';

export interface MergedRun {
  readonly run_id: string;
  readonly agent_name: string;
  readonly agent_config_path: string;
  readonly holodeck_version: string;
  readonly started_at: string;
  readonly finished_at: string;
  /** The redacted configuration snapshot of the first shard. */
  readonly config_snapshot: unknown;
}

export async function replayShards(
  shards: readonly ShardRecord[],
  merged: MergedRun,
  reporter: Reporter,
): Promise<RunEnd> {
  const totalCases = shards.reduce((sum, shard) => sum + shard.names.length, 0);
  // The shards share their --repeat (check-shards.ts); each repeat of a case ran all its turns.
  const repeat = shards[0]?.settings?.repeat ?? 1;
  await reporter.onBegin?.({
    run_id: merged.run_id,
    config: configOf(merged),
    total_cases: totalCases,
    total_turns: shards.reduce((sum, shard) => sum + shard.turns, 0) * repeat,
    ...(repeat > 1 ? { repeat } : {}),
    started_at: merged.started_at,
    parallel_test_cases: 1,
  });
  const summary = createSummaryAccumulator();
  let index = 0;
  for (const shard of shards) {
    const record: RunRecord = await readRunRecord(shard.path);
    for (const result of record.report.results) {
      summary.add(result);
      await reporter.onTestCaseEnd?.(result, index);
      index += 1;
    }
  }
  const end: RunEnd = {
    agent_name: merged.agent_name,
    agent_config_path: merged.agent_config_path,
    timestamp: merged.started_at,
    holodeck_version: merged.holodeck_version,
    summary: summary.summary(Math.max(0, Date.parse(merged.finished_at) - Date.parse(merged.started_at)) || 0),
  };
  await reporter.onEnd?.(end, 'completed');
  return end;
}

/**
 * Reporters read the agent's name and config path from the run's configuration; a merged run has only the
 * shards' stored snapshot, which has the configuration's shape, so it stands in for it.
 */
function configOf(merged: MergedRun): AgentConfig {
  const snapshot =
    merged.config_snapshot !== null && typeof merged.config_snapshot === 'object' ? merged.config_snapshot : {};
  return { ...snapshot, name: merged.agent_name, config_path: merged.agent_config_path } as AgentConfig;
}
