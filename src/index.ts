/** The public API of the holodeck package, for tool, grader and module-agent authors. */
import type { ToolDefinition } from './core/tool-definition.js';

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
  RunReport,
  TestResult,
  ToolAssertionResult,
  TurnResult,
} from './core/results.js';
export type { TokenUsage } from './core/token-usage.js';
export type { ToolCallContext, ToolDefinition } from './core/tool-definition.js';
export type { ToolInvocation } from './core/tool-invocation.js';

/** Declares a function tool with its own description and JSON Schema (typed helper; returns its argument). */
export function defineTool<Args extends Record<string, unknown>>(
  definition: ToolDefinition<Args>,
): ToolDefinition<Args> {
  return definition;
}
