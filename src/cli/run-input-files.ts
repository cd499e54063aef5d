/**
 * Every file a run reads that a report or a cassette must never be written over: agent.yaml, its test cases and
 * instructions files, function tools' modules (source_files), and besides them the module agent's file, the
 * code graders' modules and the turns' attached files. A module named as a package is not a file of the project.
 */
import type { AgentConfig, MetricConfig } from '../core/config-types.js';
import { locateModuleNow } from '../loader/locate-module.js';
import { parseExportSpec } from '../loader/parse-export-spec.js';

export function runInputFiles(config: AgentConfig): string[] {
  const files = new Set<string>(config.source_files ?? [config.config_path]);
  // A grader named on every turn of thousands of cases is looked up once (each look-up stats the disk).
  const specs = new Set<string>();
  const addModule = (spec: string) => {
    if (specs.has(spec)) return;
    specs.add(spec);
    const parsed = parseExportSpec(spec);
    if (parsed === null) return;
    const location = locateModuleNow(parsed.specifier, config.base_dir);
    if (location.kind === 'file') files.add(location.path);
  };
  const addGraders = (metrics: readonly MetricConfig[] | null) => {
    for (const metric of metrics ?? []) if (metric.type === 'code') addModule(metric.grader);
  };
  if (config.backend.type === 'module') addModule(config.backend.module);
  addGraders(config.evaluations.metrics);
  for (const testCase of config.test_cases) {
    addGraders(testCase.evaluations);
    for (const turn of testCase.turns) {
      addGraders(turn.evaluations);
      for (const file of turn.files) files.add(file.path);
    }
  }
  return [...files];
}
