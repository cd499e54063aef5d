/**
 * The `claude_agent_sdk` backend: Anthropic's Claude Agent SDK, which runs Claude Code as a child
 * process per session. Our tools reach it as one in-process MCP server; Claude Code's own tools
 * (shell, file edits, web) stay off unless listed in `builtin_tools`. The SDK is an optional peer
 * dependency, loaded only when this backend is chosen.
 */

import { tmpdir } from 'node:os';
import type { AgentBackend, AgentSession } from '../../core/backend.js';
import type { AgentConfig } from '../../core/config-types.js';
import { BackendSettingError, BackendStartError } from '../../core/errors.js';
import type { LoadedTool, ToolSet } from '../../core/loaded-tool.js';
import { requireModel } from '../require-model.js';
import { startupLimitMs } from './await-claude-start.js';
import type { ClaudeSessionSettings } from './claude-agent-sdk-session.js';
import {
  type ImportClaudeAgentSdk,
  launchProblem,
  loadClaudeAgentSdk,
  requireBundledExecutable,
} from './load-claude-agent-sdk.js';
import { type Env, resolveClaudeModel } from './resolve-claude-model.js';
import { removeOrphanScratchDirs } from './scratch-dirs.js';

export interface ClaudeAgentSdkBackendDeps {
  readonly env: Env;
  readonly toolSet: ToolSet;
  /** Loads the SDK; the default imports `@anthropic-ai/claude-agent-sdk`. */
  readonly importSdk?: ImportClaudeAgentSdk;
  /** The Claude Code binary; default: the one installed with the SDK. */
  readonly executable_path?: string;
  /** Claude Code's own tools the agent may use, e.g. `['Read', 'Grep']`; default none. */
  readonly builtin_tools?: readonly string[];
  /** Model calls per turn; default `execution.max_steps`. */
  readonly max_turns?: number;
  /** Where each session's scratch folder is made; default the system temp folder. */
  readonly scratch_dir?: string;
  /** How long a stopped Claude Code process may take to exit before it is killed; default 3000. */
  readonly stop_grace_ms?: number;
  /** How long a Claude Code process may take to start; default `max(llm_timeout, 60 s)`. */
  readonly startup_ms?: number;
}

export async function createClaudeAgentSdkBackend(
  config: AgentConfig,
  deps: ClaudeAgentSdkBackendDeps,
): Promise<AgentBackend> {
  const sdk = await loadClaudeAgentSdk(deps.importSdk);
  const executable = deps.executable_path ?? requireBundledExecutable();
  const unlaunchable = launchProblem(executable);
  if (unlaunchable !== null) throw new BackendStartError(unlaunchable);
  const model = resolveClaudeModel(requireModel(config), deps.env);
  const builtin = checkBuiltinTools(deps.builtin_tools ?? [], sdk.BUILTIN_TOOL_NAMES);
  checkToolNames(deps.toolSet.tools, builtin);
  const { openClaudeSession } = await import('./claude-agent-sdk-session.js');
  const scratchParent = deps.scratch_dir ?? tmpdir();
  // What a holodeck killed before it could clean up left behind (its watchdog killed too).
  await removeOrphanScratchDirs(scratchParent);
  const settings: ClaudeSessionSettings = {
    sdk,
    executable,
    model,
    instructions: config.instructions,
    tools: deps.toolSet.tools,
    builtin_tools: builtin,
    max_turns: deps.max_turns ?? config.execution.max_steps,
    max_retries: config.execution.max_retries,
    env: deps.env,
    scratch_parent: scratchParent,
    stop_grace_ms: deps.stop_grace_ms ?? 3000,
    startup_ms: deps.startup_ms ?? startupLimitMs(config.execution.llm_timeout),
  };
  const open = new Set<AgentSession>();
  return {
    name: 'claude_agent_sdk',
    async openSession(options) {
      const session = await openClaudeSession(settings, options.signal);
      const tracked: AgentSession = {
        send: (request) => session.send(request),
        close: async () => {
          open.delete(tracked);
          await session.close();
        },
      };
      open.add(tracked);
      return tracked;
    },
    // Sessions the runner did not close (a crash) still stop their process and lose their scratch folder.
    close: async () => {
      await Promise.allSettled([...open].map((session) => session.close()));
    },
  };
}

function checkBuiltinTools(names: readonly string[], known: readonly string[]): readonly string[] {
  const problem = unknownBuiltinTools(names, known);
  if (problem !== null) throw new BackendSettingError(problem);
  return [...new Set(names)];
}

/**
 * A tool of ours named like an enabled built-in tool (an MCP server listing `Read`; a function tool's is refused
 * where the configuration loads): calls of both would be reported under one name, so one would pass for the other.
 */
function checkToolNames(tools: readonly LoadedTool[], builtin: readonly string[]): void {
  const clash = tools.find((tool) => builtin.includes(tool.name));
  if (clash === undefined) return;
  throw new BackendSettingError(
    `tool "${clash.name}" has the name of Claude Code's built-in tool ${clash.name}, enabled in builtin_tools: calls of ` +
      `either would be reported as ${clash.name} — leave ${clash.name} out of backend.claude_agent_sdk.builtin_tools, ` +
      "or, for an MCP server's tool, give the server a `prefix` or leave the tool out with `exclude`",
  );
}

/** What is wrong with `backend.builtin_tools` given the SDK's own list, or null. */
export function unknownBuiltinTools(names: readonly string[], known: readonly string[]): string | null {
  const unknown = names.filter((name) => !known.includes(name));
  if (unknown.length === 0) return null;
  return (
    `backend.builtin_tools: unknown Claude Code built-in tool${unknown.length === 1 ? '' : 's'} ${unknown.join(', ')}: ` +
    `choose from ${known.join(', ')}`
  );
}
