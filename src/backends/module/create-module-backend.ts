/** The `module` backend: the user's own agent (`backend: { module: "file.ts:export" }`), one instance per session. */
import type { AgentBackend, AgentSession, SessionOptions, TurnRequest, TurnResponse } from '../../core/backend.js';
import { clearRunTimer, runTimer } from '../../core/clock.js';
import type { AgentConfig } from '../../core/config-types.js';
import { describeThrown, thrownMessage } from '../../core/describe-thrown.js';
import { AgentTurnError, BackendStartError } from '../../core/errors.js';
import { followAny } from '../../core/follow-any.js';
import type { ToolSet } from '../../core/loaded-tool.js';
import type { ModuleAgentFactory, ModuleAgentSession } from '../../core/module-agent.js';
import { errorMessage } from '../../tools/tool-execution-error.js';
import { normaliseModuleResult } from './normalise-module-result.js';
import { createRecordingTools, type TurnRecord } from './recording-tools.js';

export interface ModuleBackendDeps {
  readonly toolSet: ToolSet;
}

export async function createModuleBackend(config: AgentConfig, deps: ModuleBackendDeps): Promise<AgentBackend> {
  const backend = config.backend;
  if (backend.type !== 'module') {
    throw new BackendStartError(`the module backend needs backend: { module: "file.ts:export" }, got ${backend.type}`);
  }
  return {
    name: 'module',
    openSession: (options) => openModuleSession(config, backend.module, backend.factory, deps.toolSet, options),
    close: async () => undefined,
  };
}

async function openModuleSession(
  config: AgentConfig,
  reference: string,
  factory: ModuleAgentFactory,
  toolSet: ToolSet,
  options: SessionOptions,
): Promise<AgentSession> {
  const { tools, recorder } = createRecordingTools(toolSet.tools, options.signal);
  // The factory and close() get the turn's time limit: one that never settles cannot hold the run.
  const limitS = config.execution.llm_timeout;
  const late = (what: string) => () => new Error(`${what} did not settle within ${limitS}s (execution.llm_timeout)`);
  let session: ModuleAgentSession;
  try {
    const made = Promise.resolve().then(() =>
      factory({
        test_case_name: options.test_case_name,
        agent_name: config.name,
        instructions: config.instructions,
        tools,
      }),
    );
    session = await untilAborted(within(made, limitS * 1000, late('its factory')), options.signal);
    const shape = sessionShapeProblem(session);
    if (shape !== null) throw new Error(shape);
  } catch (error) {
    throw new AgentTurnError(`module agent ${reference} failed to start: ${thrown(error)}`, 'MODULE_START', true, {
      cause: error,
    });
  }
  return {
    async send(request: TurnRequest): Promise<TurnResponse> {
      // Aborts with the turn's signal or the session's; its two listeners go when the turn ends.
      const either = followAny([request.signal, options.signal]);
      const signal = either.signal;
      const record: TurnRecord = { calls: [], signal, crashes: new Set(), journal: request.calls };
      const turn = {
        turn_index: request.turn_index,
        input: request.input,
        files: request.files,
        turn_config: request.turn_config,
        signal,
      };
      let output: unknown;
      try {
        const work = recorder.run(record, () => Promise.resolve().then(() => session.send(turn)));
        output = await untilAborted(work, signal);
      } catch (error) {
        if (error instanceof AgentTurnError) throw error;
        throw new AgentTurnError(`module agent ${reference}: ${thrown(error)}`, 'MODULE_AGENT_ERROR', false, {
          cause: error,
        });
      } finally {
        either.dispose();
      }
      const response = readResult(output, [...record.calls], reference);
      return record.crashes.size === 0 ? response : { ...response, errors: [...record.crashes] };
    },
    async close() {
      recorder.close();
      await within(
        Promise.resolve().then(() => session.close?.()),
        limitS * 1000,
        late(`${reference} close()`),
      );
    },
  };
}

/** The result as a response; a getter or proxy in it that throws fails the turn naming the agent. */
function readResult(output: unknown, calls: TurnRecord['calls'], reference: string): TurnResponse {
  try {
    return normaliseModuleResult(output, calls, reference);
  } catch (error) {
    if (error instanceof AgentTurnError) throw error;
    throw new AgentTurnError(
      `module agent ${reference}: reading its result threw: ${errorMessage(error)}`,
      'MODULE_INVALID_RESULT',
      false,
      { cause: error },
    );
  }
}

/** The agent's answer, or a rejection as soon as the turn's signal aborts (agents may ignore the signal). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      const reason: unknown = signal.reason;
      const text = reason instanceof Error ? reason.message : 'aborted';
      reject(new AgentTurnError(`turn aborted: ${text}`, 'TURN_ABORTED', false, { cause: reason }));
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** `work`, or the error `late` makes once `ms` have passed. */
function within<T>(work: Promise<T>, ms: number, late: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = runTimer(() => reject(late()), ms);
  });
  return Promise.race([work, limit]).finally(() => clearRunTimer(timer));
}

/**
 * An Error's message (its class when it has none); anything else thrown said as thrown: `throw 42`, a rejection
 * with null, an object as its JSON (`threw {"code":42}`), cut at 300 characters.
 */
function thrown(error: unknown): string {
  if (error instanceof Error)
    return error.message === '' ? `threw ${describeThrown(error)} with no message` : errorMessage(error);
  const text = typeof error === 'object' && error !== null ? thrownMessage(error) : describeThrown(error);
  return `threw ${text.length > 300 ? `${text.slice(0, 299)}…` : text}`;
}

/** What is wrong with what a factory returned, when it is no session (an object with a `send(turn)` method). */
function sessionShapeProblem(session: unknown): string | null {
  const kind = typeof session;
  const what =
    session === null
      ? 'null'
      : Array.isArray(session)
        ? 'an array'
        : kind === 'object' || kind === 'function'
          ? null
          : kind;
  if (what !== null) return `its factory returned ${what}, not an agent: return an object with a send(turn) method`;
  const send: unknown = (session as { send?: unknown }).send;
  if (typeof send === 'function') return null;
  return `its factory returned an object without a send(turn) method (send is ${send === undefined ? 'missing' : typeof send})`;
}
