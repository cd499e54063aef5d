/**
 * What ends the Claude Code processes of holodeck when holodeck itself is killed (SIGKILL, an out-of-memory kill),
 * before it could stop them: one small Node process per holodeck process, in a process group of its own, told of each
 * Claude Code process and each session's scratch folder over a pipe. When that pipe closes — holodeck ended, however
 * it ended — it kills the processes still listed and removes the folders still listed, so an orphan neither keeps
 * calling the model nor leaves its transcript behind.
 */
import { type ChildProcess, spawn } from 'node:child_process';

/** The watchdog's program: `+p PID` / `-p PID` and `+d PATH` / `-d PATH` lines (JSON strings) on stdin. */
const WATCHDOG_SOURCE = `
const { rmSync } = require('node:fs');
const pids = new Set();
const dirs = new Set();
let buffer = '';
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => undefined);
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  buffer += chunk;
  for (let at = buffer.indexOf('\\n'); at >= 0; at = buffer.indexOf('\\n')) {
    const line = buffer.slice(0, at);
    buffer = buffer.slice(at + 1);
    const set = line[1] === 'p' ? pids : dirs;
    const value = JSON.parse(line.slice(3));
    if (line[0] === '+') set.add(value);
    else set.delete(value);
  }
});
let ended = false;
const end = () => {
  if (ended) return;
  ended = true;
  for (const pid of pids) {
    try { process.kill(pid, 'SIGKILL'); } catch {}
  }
  setTimeout(() => {
    for (const dir of dirs) {
      try { rmSync(dir, { recursive: true, force: true, maxRetries: 3, retryDelay: 100 }); } catch {}
    }
    process.exit(0);
  }, pids.size === 0 ? 0 : 300);
};
process.stdin.on('end', end);
process.stdin.on('close', end);
process.stdin.on('error', end);
`;

let watchdog: ChildProcess | null = null;
let failed = false;

/** Has the watchdog kill `pid` if holodeck ends first; the returned function takes it off the list. */
export function watchProcess(pid: number): () => void {
  return watch('p', pid);
}

/** Has the watchdog remove `dir` if holodeck ends first; the returned function takes it off the list. */
export function watchFolder(dir: string): () => void {
  return watch('d', dir);
}

function watch(kind: 'p' | 'd', value: number | string): () => void {
  const line = `${kind} ${JSON.stringify(value)}\n`;
  if (!tell(`+${line}`)) return () => undefined;
  return () => void tell(`-${line}`);
}

/** Writes to the watchdog, started on first use; false when it could not be started. */
function tell(line: string): boolean {
  const dog = running();
  if (dog === null || dog.stdin === null || dog.stdin.destroyed) return false;
  dog.stdin.write(line);
  return true;
}

function running(): ChildProcess | null {
  if (watchdog !== null || failed) return watchdog;
  try {
    const child = spawn(process.execPath, ['-e', WATCHDOG_SOURCE], {
      stdio: ['pipe', 'ignore', 'ignore'],
      detached: true,
      windowsHide: true,
      // Node options of holodeck's own (a loader, an inspector) are not the watchdog's.
      env: { PATH: process.env['PATH'] ?? '' },
    });
    child.on('error', () => {
      failed = true;
      watchdog = null;
    });
    child.stdin?.on('error', () => undefined);
    // Neither the watchdog nor its pipe keeps holodeck running.
    child.unref();
    unrefStream(child.stdin);
    watchdog = child;
  } catch {
    failed = true;
  }
  return watchdog;
}

function unrefStream(stream: unknown): void {
  if (typeof stream === 'object' && stream !== null && 'unref' in stream && typeof stream.unref === 'function') {
    stream.unref();
  }
}
