/**
 * What `merge-reports` keeps of a shard record between the check and the replay: what the check compares (the
 * shard, its settings and content hash) and what the merged run's metadata takes from it — not its results.
 */
import { createHash } from 'node:crypto';
import { isRecord } from '../../core/is-record.js';
import { storedJudge } from '../../core/stored-judge.js';
import type { RunRecord } from '../../records/run-record.js';
import type { RunRecordMetadata } from '../../reporters/run-record-reporter.js';
import { contentOnly } from '../plan-selection.js';
import type { ShardRecord } from './check-shards.js';

export interface LoadedShard {
  readonly shard: ShardRecord;
  readonly metadata: RunRecordMetadata;
  readonly agent_config_path: string;
  readonly holodeck_version: string;
}

export function loadShard(path: string, explicit: boolean, record: RunRecord): LoadedShard {
  return {
    shard: {
      path,
      explicit,
      run_id: record.run_id,
      state: record.state,
      agent_name: record.report.agent_name,
      selection: record.metadata.selection ?? null,
      names: record.report.results.map((result) => result.test_name),
      turns: record.report.results.reduce((sum, result) => sum + (result.turns?.length ?? 1), 0),
      settings: {
        model: modelLabel(record.metadata.model),
        backend: record.metadata.backend,
        repeat: record.metadata.execution?.repeat ?? 1,
        min_pass_rate:
          record.metadata.execution?.repeat === undefined ? null : (record.metadata.execution.min_pass_rate ?? 1),
        content: shardContent(record),
        judge: storedJudge(record.metadata),
        verdict_settings: verdictSettings(record),
      },
    },
    metadata: record.metadata,
    agent_config_path: record.report.agent_config_path,
    holodeck_version: record.report.holodeck_version,
  };
}

/** `provider:name`, as a model matrix labels its models; null without a model. */
export function modelLabel(model: RunRecordMetadata['model']): string | null {
  return model === null ? null : `${model.provider}:${model.name}`;
}

/** Execution settings that change what a case's verdict is for the same agent behaviour, or how it is reached. */
const VERDICT_SETTINGS = [
  'fail_on_tool_error',
  'tool_name_match',
  'distinct_calls',
  'max_steps',
  'max_retries',
  'llm_timeout',
] as const;

/** The record's verdict settings, from its configuration snapshot (what was in force); null without one. */
function verdictSettings(record: RunRecord): Readonly<Record<string, unknown>> | null {
  const snapshot = record.metadata.config_snapshot;
  const execution = isRecord(snapshot) ? snapshot['execution'] : undefined;
  if (!isRecord(execution)) return null;
  // The agent model's sampling too: shards at another temperature ran another agent.
  const model = isRecord(snapshot) && isRecord(snapshot['model']) ? snapshot['model'] : {};
  return {
    ...Object.fromEntries(VERDICT_SETTINGS.map((key) => [key, execution[key]])),
    'model.temperature': model['temperature'],
    'model.max_tokens': model['max_tokens'],
  };
}

/** The suite's content hash with the agent's instructions, tools and metrics; null when the record lacks it. */
function shardContent(record: RunRecord): string | null {
  const suite = record.metadata.selection?.suite_content;
  if (suite === undefined) return null;
  // Shards that both kept the hash of their tools', graders' and attached files differ when those did.
  const code = record.metadata.selection?.code_content ?? '';
  const snapshot = record.metadata.config_snapshot;
  // The judge (evaluations.model) is compared apart: another judge is no other version of the suite.
  const evaluations = isRecord(snapshot) ? snapshot['evaluations'] : undefined;
  const metrics = isRecord(evaluations) ? evaluations['metrics'] : undefined;
  const agent = isRecord(snapshot)
    ? JSON.stringify([snapshot['instructions'], snapshot['tools'], metrics], contentOnly)
    : '';
  return createHash('sha256').update(`${suite}\n${agent}\n${code}`).digest('hex').slice(0, 16);
}
