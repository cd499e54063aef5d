/**
 * One running Claude Code process in streaming-input mode: messages go in one at a time, the SDK's
 * messages come out. We spawn the process ourselves so that closing can wait until it has really
 * exited (and then its scratch folders can go), and so that its stderr can explain a crash.
 */
import { spawn } from 'node:child_process';
import type { Options, SDKMessage, SDKUserMessage, SpawnedProcess, SpawnOptions } from '@anthropic-ai/claude-agent-sdk';
import { clearRunTimer, runTimer } from '../../core/clock.js';
import type { ClaudeAgentSdk } from './load-claude-agent-sdk.js';
import { MessageQueue } from './message-queue.js';
import { watchProcess } from './process-watchdog.js';

export interface LiveQuery {
  send(message: SDKUserMessage): void;
  /** The next message; `done` when the process ended. Never leaves an unhandled rejection behind. */
  next(): Promise<IteratorResult<SDKMessage, void>>;
  /** Settles once Claude Code answered the SDK's `initialize` request: it has started and reads turns. */
  ready(): Promise<void>;
  /** The end of what the process wrote to stderr. */
  stderrTail(): string;
  /** Why the process could not be launched at all (`spawn /path EACCES`), or null. */
  launchError(): Error | null;
  /** Stops the process (SIGTERM, then SIGKILL after `grace_ms`) and waits until it has exited. */
  close(): Promise<void>;
}

const STDERR_TAIL_CHARS = 2000;

export function startLiveQuery(sdk: ClaudeAgentSdk, options: Options, grace_ms = 3000): LiveQuery {
  const input = new MessageQueue<SDKUserMessage>();
  let child: ReturnType<typeof spawnTracked> | null = null;
  const query = sdk.query({
    prompt: input,
    options: {
      ...options,
      spawnClaudeCodeProcess: (spawnOptions) => {
        child = spawnTracked(spawnOptions);
        return child.process;
      },
    },
  });
  let closing: Promise<void> | null = null;
  const ready = query.initializationResult().then(() => undefined);
  ready.catch(() => undefined);
  return {
    send: (message) => input.push(message),
    ready: () => ready,
    next: () => {
      const next = query.next();
      next.catch(() => undefined);
      return next;
    },
    stderrTail: () => child?.stderr() ?? '',
    launchError: () => child?.launchError() ?? null,
    close: () => {
      closing ??= (async () => {
        input.end();
        query.close();
        const running = child;
        if (running !== null) await running.stop(grace_ms);
      })();
      return closing;
    },
  };
}

interface TrackedProcess {
  readonly process: SpawnedProcess;
  stderr(): string;
  launchError(): Error | null;
  stop(grace_ms: number): Promise<void>;
}

function spawnTracked(options: SpawnOptions): TrackedProcess {
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: options.env,
    signal: options.signal,
    stdio: ['pipe', 'pipe', 'pipe'],
    windowsHide: true,
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_TAIL_CHARS);
  });
  // A spawn that fails (or is aborted) reports through 'error'; the SDK listens too.
  let launchError: Error | null = null;
  child.on('error', (error) => {
    if (child.pid === undefined) launchError ??= error;
  });
  // Killed with holodeck, should holodeck be killed before it could stop it.
  const unwatch = child.pid === undefined ? () => undefined : watchProcess(child.pid);
  child.once('exit', unwatch);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });
  return {
    process: child,
    stderr: () => stderr.trim(),
    launchError: () => launchError,
    async stop(grace_ms) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      if (await settlesWithin(exited, grace_ms)) return;
      child.kill('SIGKILL');
      await settlesWithin(exited, grace_ms);
    },
  };
}

function settlesWithin(promise: Promise<void>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = runTimer(() => resolve(false), ms);
    promise.then(() => {
      clearRunTimer(timer);
      resolve(true);
    });
  });
}
