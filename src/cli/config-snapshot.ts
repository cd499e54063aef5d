/**
 * The configuration as a run record stores it (redacted again, by value, when written): everything as loaded,
 * except that the test cases are listed by name — their inputs, ground truths and expected tools are in the
 * results already, and a suite of 10,000 cases would otherwise put megabytes of the same text in every record —
 * and that its credential positions (`api_key`, headers, environment values…) read `[redacted]`, whatever
 * their value: a key too short or too plain to be masked by value (`api_key: ollama`) is never stored.
 */
import type { AgentConfig } from '../core/config-types.js';
import type { JsonValue } from '../core/json.js';
import { maskSecretFields } from '../core/mask-secret-fields.js';

/** The files it was read from, and where its models are written, are not what it is: they are left out. */
export function configSnapshot(config: AgentConfig): JsonValue {
  const { source_files: _files, model_paths: _paths, ...rest } = config;
  const snapshot = { ...rest, test_cases: config.test_cases.map((testCase) => testCase.name) };
  return maskSecretFields(JSON.parse(JSON.stringify(snapshot)) as JsonValue);
}
