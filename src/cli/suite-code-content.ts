/**
 * A short hash of the bytes a suite runs with beside its configuration: the modules of its function tools, code
 * graders and module agent (the files named, not what they import) and the files its turns attach. Shards of one
 * suite agree on it; a shard retried after a tool, a grader or an attached file changed ran another suite.
 * Computed for a shard only (`merge-reports` compares it): it reads every attached file.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { AgentConfig, MetricConfig, TestCaseConfig } from '../core/config-types.js';
import { locateModuleNow } from '../loader/locate-module.js';
import { parseExportSpec } from '../loader/parse-export-spec.js';

export async function suiteCodeContent(config: AgentConfig, cases: readonly TestCaseConfig[]): Promise<string> {
  const files = new Map<string, string>();
  const moduleFile = (role: string, spec: string) => {
    const parsed = parseExportSpec(spec);
    const location = parsed === null ? null : locateModuleNow(parsed.specifier, config.base_dir);
    if (location?.kind === 'file' && !files.has(location.path)) files.set(location.path, role);
  };
  for (const tool of config.tools) if (tool.type === 'function') files.set(tool.file, `tool ${tool.name}`);
  if (config.backend.type === 'module') moduleFile('agent', config.backend.module);
  const graders = (metrics: readonly MetricConfig[] | null) => {
    for (const metric of metrics ?? []) if (metric.type === 'code') moduleFile('grader', metric.grader);
  };
  graders(config.evaluations.metrics);
  for (const testCase of cases) {
    graders(testCase.evaluations);
    for (const turn of testCase.turns) {
      graders(turn.evaluations);
      for (const file of turn.files) if (!files.has(file.path)) files.set(file.path, 'attached file');
    }
  }
  const hash = createHash('sha256');
  for (const [path, role] of files) {
    hash.update(`${role}\n`);
    hash.update(await readFile(path).catch(() => 'unreadable'));
    hash.update('\n');
  }
  return hash.digest('hex').slice(0, 16);
}
