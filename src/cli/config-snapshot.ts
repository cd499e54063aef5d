/**
 * The configuration as a run record stores it (redacted later, when written): everything as loaded, except
 * that the test cases are listed by name. Their inputs, ground truths and expected tools are in the results
 * already, and a suite of 10,000 cases would otherwise put megabytes of the same text in every record.
 */
import type { AgentConfig } from '../core/config-types.js';

export type ConfigSnapshot = Omit<AgentConfig, 'test_cases' | 'source_files' | 'model_paths'> & {
  readonly test_cases: readonly string[];
};

/** The files it was read from, and where its models are written, are not what it is: they are left out. */
export function configSnapshot(config: AgentConfig): ConfigSnapshot {
  const { source_files: _files, model_paths: _paths, ...rest } = config;
  return { ...rest, test_cases: config.test_cases.map((testCase) => testCase.name) };
}
