/**
 * The tools a module agent receives: callables that run the configured tools and record every call.
 * A call is attributed to the turn whose `send` it runs under (tracked through async context), whichever
 * session's tools it went through, so a call that arrives late from an abandoned turn never lands in the next
 * turn's record, and a case's calls are never credited to another case.
 *
 * All sessions share one AsyncLocalStorage: Node 20 visits every live storage each time a promise is
 * created, so a storage per session would make a long run slow down with each case it has run.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ToolCallJournal } from '../../core/backend.js';
import { monotonicNow } from '../../core/clock.js';
import { ToolServerCrashedError } from '../../core/errors.js';
import { isRecord } from '../../core/is-record.js';
import type { LoadedTool } from '../../core/loaded-tool.js';
import type { ModuleTool } from '../../core/module-agent.js';
import type { ToolInvocation } from '../../core/tool-invocation.js';
import { describeValue } from '../../loader/describe-value.js';
import type { ArgumentValidator } from '../../tools/argument-validator.js';
import { errorMessage } from '../../tools/tool-execution-error.js';

export interface TurnRecord {
  readonly calls: ToolInvocation[];
  readonly signal: AbortSignal;
  /** Tool servers that died during the turn, one message each. */
  readonly crashes: Set<string>;
  /** Told of each call as it settles (see TurnRequest.calls). */
  readonly journal?: ToolCallJournal | undefined;
}

/**
 * The arguments as JSON carries them (as a model's call does): getters, prototypes, `undefined` and functions
 * drop out, boxed numbers unbox; arguments that are no JSON at all (a BigInt, a cycle) are refused.
 */
function plainArguments(args: unknown): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    const text = JSON.stringify(args === undefined ? {} : args);
    return { ok: true, value: text === undefined ? args : JSON.parse(text) };
  } catch (error) {
    return { ok: false, message: `the arguments are no JSON (${errorMessage(error)})` };
  }
}

export interface TurnRecorder {
  /** Runs one turn of the agent; tool calls made from within it are recorded in `record`. */
  run<T>(record: TurnRecord, work: () => T): T;
  /** The session ended: a call from outside any turn (a timer left running) is refused from now on. */
  close(): void;
}

interface TurnContext {
  readonly record: TurnRecord;
}

const turnContext = new AsyncLocalStorage<TurnContext>();

/**
 * Each tool's argument check, made on its first call and shared by every session of the run; the checker (and
 * zod with it) is loaded only once a module agent calls a tool.
 */
const validators = new WeakMap<LoadedTool, Promise<ArgumentValidator>>();

function validatorOf(tool: LoadedTool): Promise<ArgumentValidator> {
  let validate = validators.get(tool);
  if (validate === undefined) {
    validate = import('../../tools/argument-validator.js').then((m) => m.createArgumentValidator(tool.input_schema));
    validators.set(tool, validate);
  }
  return validate;
}

export function createRecordingTools(
  tools: readonly LoadedTool[],
  sessionSignal: AbortSignal,
): { readonly tools: Readonly<Record<string, ModuleTool>>; readonly recorder: TurnRecorder } {
  let closed = false;
  // Calls made outside any turn (e.g. from timers the agent started) go to the latest turn.
  let latest: TurnRecord = { calls: [], signal: sessionSignal, crashes: new Set() };
  const out: Record<string, ModuleTool> = {};
  for (const tool of tools) {
    out[tool.name] = async (args) => {
      // A call belongs to the turn it is made in — also through another session's tools (an agent that keeps
      // the first case's tools in a module-level variable calls them from later cases' turns).
      const context = turnContext.getStore();
      if (context === undefined && closed) {
        throw new Error(
          `tool ${tool.name} called after its test case ended (from a timer or callback left running): the call is refused`,
        );
      }
      const record = context !== undefined ? context.record : latest;
      // The arguments as a model would send them (JSON): what the tool receives is what is checked and recorded.
      const plain = plainArguments(args);
      // Recorded when made, in call order: a call the agent does not wait for still belongs to this turn.
      const slot = record.calls.length;
      record.calls.push({
        name: tool.name,
        args: plain.ok && isRecord(plain.value) ? plain.value : {},
        result: null,
        error: 'the agent did not wait for this call: it was still running when the turn ended',
        duration_ms: null,
      });
      const settle = (call: ToolInvocation) => {
        record.calls[slot] = call;
        record.journal?.record(call);
      };
      // Checked against the tool's schema as a model's call is: the tool never sees arguments it did not declare.
      const check = plain.ok ? (await validatorOf(tool))(plain.value) : plain;
      if (!check.ok) {
        const given = plain.ok && isRecord(plain.value) ? plain.value : {};
        const shown = plain.ok && isRecord(plain.value) ? '' : ` (given ${describeValue(args)})`;
        const message = `invalid arguments for tool ${tool.name}: ${check.message}${shown}`;
        settle({ name: tool.name, args: given, result: null, error: message, duration_ms: 0, args_refused: true });
        throw new TypeError(message);
      }
      const input: Record<string, unknown> = { ...check.value };
      const started = monotonicNow();
      const elapsed = () => Math.round((monotonicNow() - started) * 1000) / 1000;
      try {
        const { value } = await tool.execute(input, record.signal);
        settle({ name: tool.name, args: input, result: value, error: null, duration_ms: elapsed() });
        return value;
      } catch (error) {
        if (error instanceof ToolServerCrashedError) record.crashes.add(error.message);
        settle({ name: tool.name, args: input, result: null, error: errorMessage(error), duration_ms: elapsed() });
        throw error;
      }
    };
  }
  return {
    tools: out,
    recorder: {
      run(record, work) {
        latest = record;
        return turnContext.run({ record }, work);
      },
      close() {
        closed = true;
      },
    },
  };
}
