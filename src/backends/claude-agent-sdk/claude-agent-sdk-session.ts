/**
 * One conversation on Claude Code: one process in streaming-input mode carries the turns, so the
 * history lives in Claude Code's session.
 *
 * A turn that fails (an error result, a timeout, a crash) ends that process: it is stopped for real,
 * which also cancels the model request and the tools in flight. The next turn starts a new process
 * that resumes the session's transcript at the end of the last turn that succeeded, so — as with the
 * ai_sdk backend — a failed turn leaves the history as it was before the turn.
 *
 * A process starts before the turn that needs it: the session's first when the session opens, the next right after
 * a turn failed; its start-up has a bound of its own (await-claude-start.ts), not the turn's `llm_timeout`.
 */
import type { Options } from '@anthropic-ai/claude-agent-sdk';
import type { AgentSession, ToolCallJournal, TurnRequest, TurnResponse } from '../../core/backend.js';
import { thrownMessage } from '../../core/describe-thrown.js';
import { AgentTurnError } from '../../core/errors.js';
import { followAny } from '../../core/follow-any.js';
import type { LoadedTool } from '../../core/loaded-tool.js';
import { awaitClaudeStart } from './await-claude-start.js';
import { buildPrompt } from './build-prompt.js';
import { classifyTurnFailure } from './classify-turn-failure.js';
import { buildClaudeEnv } from './claude-env.js';
import { type LiveQuery, startLiveQuery } from './live-query.js';
import type { ClaudeAgentSdk } from './load-claude-agent-sdk.js';
import { watchFolder } from './process-watchdog.js';
import { RequestProgressFeed } from './request-progress.js';
import type { ClaudeModelSettings, Env } from './resolve-claude-model.js';
import { createScratchDirs, removeScratchDirs, type ScratchDirs } from './scratch-dirs.js';
import { createToolServer, TOOL_NAME_PREFIX, TOOL_SERVER_NAME, type ToolCallSink } from './tool-server.js';
import { TurnCapture, type TurnOutcome } from './turn-capture.js';

export interface ClaudeSessionSettings {
  readonly sdk: ClaudeAgentSdk;
  /** The Claude Code binary. */
  readonly executable: string;
  readonly model: ClaudeModelSettings;
  readonly instructions: string;
  readonly tools: readonly LoadedTool[];
  /** Claude Code's own tools (Read, Bash, …) the agent may use; none by default. */
  readonly builtin_tools: readonly string[];
  /** Model calls per turn. */
  readonly max_turns: number;
  readonly max_retries: number;
  /** The parent environment (PATH, proxies); never handed over whole. */
  readonly env: Env;
  /** Where the session's scratch folder is made. */
  readonly scratch_parent: string;
  /** How long a stopped process may take to exit before it is killed. */
  readonly stop_grace_ms: number;
  /** How long a process may take to start (answer the SDK's `initialize`). */
  readonly startup_ms: number;
}

export async function openClaudeSession(
  settings: ClaudeSessionSettings,
  sessionSignal: AbortSignal,
): Promise<AgentSession> {
  const dirs = await createScratchDirs(settings.scratch_parent);
  // Removed with holodeck, should holodeck be killed before the session closed.
  const session = new ClaudeSession(settings, dirs, sessionSignal, watchFolder(dirs.root));
  try {
    await session.started();
  } catch (error) {
    await session.close();
    throw error;
  }
  return session;
}

class ClaudeSession implements AgentSession {
  private readonly closing = new AbortController();
  private live: LiveQuery | null = null;
  private sessionId: string | null = null;
  /** Where the transcript ends after the last turn that succeeded. */
  private anchor: string | null = null;
  private capture: TurnCapture | null = null;
  private toolSignal: AbortSignal = AbortSignal.abort();
  /** Turns run one after another, each after the previous one's cleanup. */
  private tail: Promise<unknown> = Promise.resolve();
  /** Tool servers that died during the current turn. */
  private crashes = new Set<string>();
  /** The current turn's journal: told of each call as it settles, also when the turn then fails. */
  private journal: ToolCallJournal | undefined;
  private readonly sink: ToolCallSink = {
    signal: () => this.toolSignal,
    record: (id, call) => {
      this.capture?.record(id, call);
      this.journal?.record(call);
    },
    crashed: (message) => this.crashes.add(message),
  };

  constructor(
    private readonly settings: ClaudeSessionSettings,
    private readonly dirs: ScratchDirs,
    private readonly sessionSignal: AbortSignal,
    private readonly unwatch: () => void,
  ) {}

  /** Starts the session's process and waits until it has started. */
  async started(): Promise<void> {
    this.live ??= this.start();
    const either = followAny([this.sessionSignal, this.closing.signal]);
    try {
      await awaitClaudeStart(this.live, either.signal, this.settings.startup_ms);
    } finally {
      either.dispose();
    }
  }

  send(request: TurnRequest): Promise<TurnResponse> {
    const run = this.tail.then(() => this.runTurn(request));
    this.tail = run.catch(() => undefined);
    return run;
  }

  async close(): Promise<void> {
    this.closing.abort(new Error('the session was closed'));
    try {
      await this.tail;
      await this.discard();
    } finally {
      await removeScratchDirs(this.dirs);
      this.unwatch();
    }
  }

  private async runTurn(request: TurnRequest): Promise<TurnResponse> {
    const either = followAny([request.signal, this.sessionSignal, this.closing.signal]);
    const signal = either.signal;
    if (signal.aborted) throw abortedError(signal);
    const tools = new AbortController();
    const turn = new TurnCapture(this.settings.max_turns, offeredTools(this.settings));
    this.capture = turn;
    this.journal = request.calls;
    this.toolSignal = tools.signal;
    const crashes = new Set<string>();
    this.crashes = crashes;
    let usageSaid = false;
    try {
      this.live ??= this.start();
      // A process started after a failed turn may still be starting: a timeout then says so.
      const held = request.holds?.begin('Claude Code to start (a new process, after the turn that failed)');
      try {
        await awaitClaudeStart(this.live, signal, this.settings.startup_ms);
      } finally {
        held?.();
      }
      const progress = new RequestProgressFeed(request.holds, this.settings.model.endpoint);
      this.live.send(buildPrompt(request));
      progress.sent();
      // A request left unanswered when the turn is stopped stays so: the turn's timeout message says how far it came.
      const outcome = await readTurn(this.live, turn, signal, progress);
      this.sessionId = turn.sessionId ?? this.sessionId;
      if (!outcome.ok) {
        usageSaid = true;
        request.usage?.record(outcome.failure.usage);
        // Claude Code retried inside the turn; the turn's count of retries says so, as the AI SDK backend's does.
        for (let retry = 0; retry < outcome.failure.retries; retry += 1) request.retries?.record(outcome.failure.text);
        throw classifyTurnFailure(outcome.failure, { endpoint: this.settings.model.endpoint });
      }
      this.anchor = outcome.anchor ?? this.anchor;
      return crashes.size === 0 ? outcome.response : { ...outcome.response, errors: [...crashes] };
    } catch (error) {
      this.sessionId = turn.sessionId ?? this.sessionId;
      // Stopped before its result (a timeout): the responses it got were still paid for.
      if (!usageSaid) request.usage?.record(turn.usedSoFar());
      tools.abort(error);
      await this.discard();
      // The next turn's process starts now, resuming after the last turn that succeeded, while this one is reported.
      this.restart();
      throw error;
    } finally {
      either.dispose();
      this.capture = null;
    }
  }

  /** A new Claude Code process: the first of the session, or one resuming after a failed turn. */
  private start(): LiveQuery {
    const { settings, sessionId, anchor } = this;
    const resume = sessionId !== null && anchor !== null ? { resume: sessionId, resumeSessionAt: anchor } : {};
    const server = createToolServer(settings.tools, this.sink);
    return startLiveQuery(
      settings.sdk,
      { ...queryOptions(settings, this.dirs, server), ...resume },
      settings.stop_grace_ms,
    );
  }

  private restart(): void {
    if (this.closing.signal.aborted || this.sessionSignal.aborted) return;
    this.live = this.start();
    // Its failure to start is the next turn's to report.
    this.live.ready().catch(() => undefined);
  }

  private async discard(): Promise<void> {
    const running = this.live;
    this.live = null;
    await running?.close();
  }
}

/** The tools the agent is offered, named as the model calls them: the enabled built-ins and ours. */
function offeredTools(settings: ClaudeSessionSettings): ReadonlySet<string> {
  return new Set([...settings.builtin_tools, ...settings.tools.map((tool) => `${TOOL_NAME_PREFIX}${tool.name}`)]);
}

function queryOptions(
  settings: ClaudeSessionSettings,
  dirs: ScratchDirs,
  server: ReturnType<typeof createToolServer>,
): Options {
  return {
    cwd: dirs.work,
    model: settings.model.model,
    systemPrompt: settings.instructions,
    pathToClaudeCodeExecutable: settings.executable,
    env: buildClaudeEnv({ parent: settings.env, dirs, model: settings.model, max_retries: settings.max_retries }),
    tools: [...settings.builtin_tools],
    allowedTools: [...offeredTools(settings)],
    mcpServers:
      settings.tools.length === 0
        ? {}
        : { [TOOL_SERVER_NAME]: { type: 'sdk', name: TOOL_SERVER_NAME, instance: server } },
    strictMcpConfig: true,
    settingSources: [],
    permissionMode: 'dontAsk',
    maxTurns: settings.max_turns,
    thinking: { type: 'disabled' },
    persistSession: true,
    // Each response's stream events: its final token counts (message_delta), and how far a stalled one came.
    includePartialMessages: true,
    // A turn's input is the user's message as written: `/clear` or `@notes.txt` in a test case is text for the
    // model, not a Claude Code command that would wipe the conversation or a file to inline.
    verbatimPrompts: true,
  };
}

/** Reads the turn's messages until its result, or until the turn is aborted or the process ends. */
async function readTurn(
  live: LiveQuery,
  turn: TurnCapture,
  signal: AbortSignal,
  progress: RequestProgressFeed,
): Promise<TurnOutcome> {
  let onAbort: () => void = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(abortedError(signal));
    signal.addEventListener('abort', onAbort, { once: true });
  });
  aborted.catch(() => undefined);
  try {
    for (;;) {
      let next: Awaited<ReturnType<LiveQuery['next']>>;
      try {
        next = await Promise.race([live.next(), aborted]);
      } catch (error) {
        if (signal.aborted) throw abortedError(signal);
        throw processError(error, live.stderrTail());
      }
      if (next.done === true) throw processError(null, live.stderrTail());
      progress.add(next.value);
      const outcome = turn.add(next.value);
      if (outcome !== null) return outcome;
    }
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

function processError(error: unknown, stderr: string): AgentTurnError {
  const reason = error === null ? 'it exited before the turn finished' : thrownMessage(error);
  const detail = stderr === '' ? '' : ` — its stderr ends with: ${stderr}`;
  return new AgentTurnError(`Claude Code stopped: ${reason}${detail}`, 'AGENT_PROCESS', false, { cause: error });
}

function abortedError(signal: AbortSignal): AgentTurnError {
  const reason: unknown = signal.reason;
  const text = reason instanceof Error ? reason.message : reason === undefined ? 'aborted' : String(reason);
  return new AgentTurnError(`turn aborted: ${text}`, 'TURN_ABORTED', false, { cause: reason });
}
