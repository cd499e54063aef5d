/**
 * The public contract of `backend: { module: "file.ts:export" }`: a factory called once per test case
 * (per session). Tools configured in agent.yaml are handed in as callables; every call through them is
 * recorded as a tool invocation of the turn, so module agents need not report their own.
 */
import type { FilePart } from './backend.js';
import type { TokenUsage } from './token-usage.js';
import type { ToolInvocation } from './tool-invocation.js';

export type ModuleTool = (args: Record<string, unknown>) => Promise<unknown>;

export interface ModuleAgentContext {
  readonly test_case_name: string;
  readonly agent_name: string;
  readonly instructions: string;
  readonly tools: Readonly<Record<string, ModuleTool>>;
}

export interface ModuleTurn {
  readonly turn_index: number;
  readonly input: string;
  readonly files: readonly FilePart[];
  readonly turn_config: Readonly<Record<string, unknown>>;
  readonly signal: AbortSignal;
}

export interface ModuleTurnResult {
  readonly response: string;
  /** Extra invocations the agent made itself (calls through ctx.tools are already recorded). */
  readonly tool_invocations?: readonly ToolInvocation[];
  readonly token_usage?: Partial<TokenUsage>;
}

export interface ModuleAgentSession {
  send(turn: ModuleTurn): Promise<ModuleTurnResult | string> | ModuleTurnResult | string;
  close?(): Promise<void> | void;
}

export type ModuleAgentFactory = (context: ModuleAgentContext) => ModuleAgentSession | Promise<ModuleAgentSession>;
