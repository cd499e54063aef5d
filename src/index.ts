/** The public API of the holodeck package, for tool, grader and module-agent authors. */
import type { ToolCallContext, ToolDefinition } from './core/tool-definition.js';

export type { FilePart } from './core/backend.js';
export type { GraderContext, GraderFunction, GraderResult, GraderReturn } from './core/grader.js';
export type {
  ModuleAgentContext,
  ModuleAgentFactory,
  ModuleAgentSession,
  ModuleTool,
  ModuleTurn,
  ModuleTurnResult,
} from './core/module-agent.js';
export type {
  MetricResult,
  PassCounts,
  RepeatStats,
  RunReport,
  TestResult,
  ToolAssertionResult,
  TurnRepeatStats,
  TurnResult,
} from './core/results.js';
export type { TokenUsage } from './core/token-usage.js';
export type { ToolCallContext, ToolDefinition } from './core/tool-definition.js';

export type { ToolInvocation } from './core/tool-invocation.js';

/**
 * Declares a function tool with its own description and JSON Schema (typed helper; returns its argument). The
 * result keeps your `execute` as you wrote it, so a tool that ignores the context can be called with its
 * arguments alone in your own tests.
 */
export function defineTool<
  Args extends Record<string, unknown>,
  Execute extends (args: Args, context: ToolCallContext) => unknown = (args: Args, context: ToolCallContext) => unknown,
>(
  definition: ToolDefinition<Args> & { readonly execute: Execute },
): ToolDefinition<Args> & { readonly execute: Execute } {
  return definition;
}
