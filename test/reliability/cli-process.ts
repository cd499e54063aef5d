/** The built CLI as a child process whose output can be watched while it runs (to interrupt it mid-run). */
import { type ChildProcess, spawn } from 'node:child_process';
import { CLI_PATH, REPO_ROOT } from '../helpers/run-cli.js';

export interface WatchedCli {
  readonly child: ChildProcess;
  /** Lines of stdout so far. */
  stdoutLines(): string[];
  stderr(): string;
  /** Resolves once `count` stdout lines match `pattern`. */
  waitForLines(pattern: RegExp, count: number, timeoutMs?: number): Promise<void>;
  /** Resolves with the exit code (null when killed by a signal) and the signal. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

/** `group`: the CLI leads a process group of its own, as a shell's foreground job does (Ctrl-C signals it all). */
export function startCli(args: readonly string[], options: { cwd?: string; group?: boolean } = {}): WatchedCli {
  const child = spawn(process.execPath, [CLI_PATH, ...args], {
    cwd: options.cwd ?? REPO_ROOT,
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.group === true,
  });
  let stdout = '';
  let stderr = '';
  const waiters = new Set<() => void>();
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
    for (const waiter of waiters) waiter();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) => {
    child.on('close', (code, signal) => {
      resolve({ code, signal, at: Date.now() });
      for (const waiter of waiters) waiter();
    });
  });
  const lines = () => stdout.split('\n');
  return {
    child,
    stdoutLines: lines,
    stderr: () => stderr,
    exited,
    waitForLines(pattern, count, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out waiting for ${count} lines like ${pattern}\n${stdout}\n${stderr}`));
        }, timeoutMs);
        const check = () => {
          if (lines().filter((line) => pattern.test(line)).length >= count) {
            clearTimeout(timer);
            waiters.delete(check);
            resolve();
          } else if (child.exitCode !== null || child.signalCode !== null) {
            clearTimeout(timer);
            waiters.delete(check);
            reject(new Error(`the CLI exited before ${count} lines like ${pattern}\n${stdout}\n${stderr}`));
          }
        };
        waiters.add(check);
        check();
      });
    },
  };
}
