/**
 * `holodeck test --dry-run`: everything a run needs is loaded and the tools are connected (MCP servers started,
 * their tools listed, then closed), and the plan is printed. No session is opened, so no model is called.
 */
import type { AgentBackend } from '../../core/backend.js';
import type { AgentConfig, TestCaseConfig } from '../../core/config-types.js';
import { writeWarnings } from '../case-warnings.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import type { RecordingOptions } from '../plan-recording.js';
import { runPricing } from '../run-pricing.js';
import { dryRunRecording } from './dry-run-recording.js';
import { planRun } from './plan-run.js';
import { renderPlan } from './render-plan.js';

export async function dryRun(
  config: AgentConfig,
  cases: readonly TestCaseConfig[],
  startBackend: (config: AgentConfig) => Promise<AgentBackend | ExitCode>,
  warnings: (backend: AgentBackend) => Promise<readonly string[]>,
  recording: RecordingOptions,
): Promise<ExitCode> {
  const served = await dryRunRecording(config, recording);
  if (!served.ok) {
    process.stderr.write(`error: ${served.message}\n`);
    return EXIT.config;
  }
  const backend = await startBackend(config);
  if (typeof backend === 'number') return backend;
  const toolNames = backend.tool_names ?? null;
  writeWarnings(await warnings(backend));
  await backend.close().catch(() => {});
  const pricing = runPricing(config, cases);
  const plan = planRun(config, cases, toolNames?.length ?? config.tools.length, pricing);
  const head = { agent_name: config.name, pricing, tool_names: toolNames };
  const lines = renderPlan(head, plan);
  process.stdout.write(`${[...lines, ...(served.note === null ? [] : [served.note])].join('\n')}\n`);
  return EXIT.ok;
}
