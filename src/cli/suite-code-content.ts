/**
 * A short hash of the bytes a suite runs with beside its configuration: the modules of its function tools, code
 * graders and module agent (the files named, or a package's entry, not what they import) and the files its turns
 * attach. Shards of one suite agree on it; a shard retried after a tool, a grader or an attached file changed ran
 * another suite.
 * Computed for a shard only (`merge-reports` compares it): it reads every attached file.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { AgentConfig, MetricConfig, TestCaseConfig } from '../core/config-types.js';
import { locateModuleNow } from '../loader/locate-module.js';
import { parseExportSpec } from '../loader/parse-export-spec.js';

export async function suiteCodeContent(config: AgentConfig, cases: readonly TestCaseConfig[]): Promise<string> {
  const files = new Map<string, string>();
  const add = (role: string, specifier: string) => {
    const path = fileOf(specifier, config.base_dir);
    if (path !== null && !files.has(path)) files.set(path, role);
  };
  const moduleFile = (role: string, spec: string) => {
    const parsed = parseExportSpec(spec);
    if (parsed !== null) add(role, parsed.specifier);
  };
  for (const tool of config.tools) if (tool.type === 'function') add(`tool ${tool.name}`, tool.file);
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

/** The file a module specifier names: a path beside the config, or a package's entry as Node resolves it. */
function fileOf(specifier: string, baseDir: string): string | null {
  const location = locateModuleNow(specifier, baseDir);
  if (location.kind === 'file') return location.path;
  if (location.kind !== 'package') return null;
  try {
    return createRequire(join(baseDir, 'agent.yaml')).resolve(location.specifier);
  } catch {
    return null; // an ES-module-only package Node's require cannot resolve: its files go unhashed
  }
}
