/**
 * What is said before the cases run, once the backend is up: settings the backend cannot apply, cases that assert
 * nothing, expected tools the agent lacks; and how warnings are written.
 */
import { unknownExpectedTools } from '../config/unknown-expected-tools.js';
import type { AgentBackend } from '../core/backend.js';
import type { ToolParams } from '../core/closed-params.js';
import type { AgentConfig, TestCaseConfig } from '../core/config-types.js';
import { escapeControlChars } from '../core/display-controls.js';
import { emptyMetricLists } from './empty-metric-lists.js';
import { idlePassRate } from './idle-pass-rate.js';
import { toolArgWarnings } from './tool-arg-warnings.js';
import { unappliedSettings } from './unapplied-settings.js';
import { uncheckedTestCases } from './unchecked-test-cases.js';
import { unsendableToolNames } from './unsendable-tool-names.js';

export async function caseWarnings(
  config: AgentConfig,
  cases: readonly TestCaseConfig[],
  backend: AgentBackend,
): Promise<string[]> {
  return [...configWarnings(config, cases), ...(await toolWarnings(config, cases, backend))];
}

/** The warnings the configuration alone tells (`holodeck validate` says them without a backend). */
export function configWarnings(config: AgentConfig, cases: readonly TestCaseConfig[]): string[] {
  return [
    ...unappliedSettings(config),
    ...idlePassRate(config),
    ...emptyMetricLists(config, cases),
    ...uncheckedTestCases(config, cases),
  ];
}

/**
 * Writes each warning as a `warning: …` line (after `prefix`, e.g. a model's label), with the control and
 * bidirectional characters of the names and values in it spelled out: a case named `\e[2J` or `\u202E` must
 * neither clear the terminal nor turn the rest of the line around.
 */
export function writeWarnings(
  warnings: Iterable<string>,
  prefix = '',
  stream: { write(text: string): unknown } = process.stderr,
): void {
  for (const warning of warnings) stream.write(`warning: ${escapeControlChars(`${prefix}${warning}`)}\n`);
}

/**
 * Expected tools no tool of the agent can match, and asserted arguments that are no parameter of their tool, once
 * the tools are known (an MCP server's listed). A module agent offered no tools reports calls of its own, which
 * cannot be known in advance: nothing to check then.
 */
async function toolWarnings(
  config: AgentConfig,
  cases: readonly TestCaseConfig[],
  backend: AgentBackend,
): Promise<string[]> {
  const names = backend.tool_names ?? null;
  if (names === null || (config.backend.type === 'module' && names.length === 0)) return [];
  const args = await toolArgWarnings(config, cases, withBuiltins(names, backend.tool_params ?? []));
  return [...unsendableToolNames(config, names), ...unknownExpectedTools(cases, names), ...args];
}

/** The tools with their parameters, a tool whose schema is not known (a built-in tool) taken as open. */
function withBuiltins(names: readonly string[], params: readonly ToolParams[]): ToolParams[] {
  const known = new Map(params.map((tool) => [tool.name, tool.params]));
  return names.map((name) => ({ name, params: known.get(name) ?? null }));
}
