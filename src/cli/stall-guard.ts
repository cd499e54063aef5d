/**
 * Guards the main thread against user code that never returns to the event loop. Tools and graders run in
 * worker threads, which are stopped when they block; a module agent runs in this thread, and the modules of
 * module agents and graders are imported here to check them. A synchronous endless loop in one of them would
 * hold the run for ever, deaf even to Ctrl-C and SIGTERM. Once this thread first imports a user module, a small
 * watcher thread checks that it still turns its event loop; when it has not for longer than the limit (30 s
 * while the configuration loads, the turn timeout + 5 s once the run goes: a turn would have timed out by
 * then), the watcher reads where this thread is stuck through the inspector, prints it and ends the process
 * with the exit code of the phase (2: configuration, 3: run). The cases finished before are in the run's log
 * (each is appended as it finishes), so `--resume` goes on from there.
 */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread, Worker } from 'node:worker_threads';
import { BEAT_MS, createEventLoopBeat, SLOT, startBeating } from './event-loop-beat.js';
import { EXIT } from './exit-codes.js';
import { userFrames } from './user-frames.js';

/** The limit while the configuration loads: the same as a tool module gets to load in its thread. */
export const LOAD_STALL_LIMIT_MS = 30_000;
/** Added to the turn timeout once the run goes. */
export const RUN_STALL_GRACE_MS = 5_000;

export interface StallGuard {
  /** The run goes: the limit becomes the turn timeout + RUN_STALL_GRACE_MS, the exit code 3. */
  running(turnTimeoutMs: number): void;
}

/** holodeck's own code: frames there are cut from where user code is stuck. */
export const OWN_CODE_FOLDER = dirname(fileURLToPath(import.meta.url));

let current: StallGuard | null = null;

/** A case worker's thread is watched by its pool (case-worker-pool.ts), with the limit of the phase it is in. */
const WATCHED_BY_POOL: StallGuard = { running: () => {} };

/**
 * Starts the guard (once per process; later calls return the same one). In a worker thread it does nothing: that
 * thread's own watcher would stop the whole process at the loading limit while the thread runs a long turn.
 */
export function guardStalls(): StallGuard {
  if (!isMainThread) return WATCHED_BY_POOL;
  if (current !== null) return current;
  const beat = createEventLoopBeat(LOAD_STALL_LIMIT_MS);
  const beating = startBeating(beat);
  const watcher = new Worker(WATCHER_SOURCE, {
    eval: true,
    name: 'holodeck stall guard',
    workerData: { ...beat, cwd: process.cwd(), own: OWN_CODE_FOLDER },
    stdout: false,
    stderr: false,
  });
  watcher.unref();
  current = { running: (turnTimeoutMs) => beating.running(turnTimeoutMs + RUN_STALL_GRACE_MS) };
  return current;
}

/** The guard, if this process started one. */
export function stallGuard(): StallGuard | null {
  return current;
}

/**
 * The watcher (CommonJS, evaluated in its own thread: it depends on nothing of the bundle). It pauses the main
 * thread through the inspector to read its stack, writes the message to stderr itself (the main thread cannot)
 * and ends the process from the paused main thread with the phase's exit code; if the inspector does not
 * answer within two seconds, it writes what it knows and kills the process.
 */
const WATCHER_SOURCE = `
const { workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const { relative } = require('node:path');
const { fileURLToPath } = require('node:url');
const shared = new Int32Array(workerData.buffer);
const origin = workerData.origin;
const timer = setInterval(() => {
  const stalled = Date.now() - origin - Atomics.load(shared, ${SLOT.beat});
  const limit = Atomics.load(shared, ${SLOT.limit});
  if (stalled <= limit) return;
  clearInterval(timer);
  stop(stalled, limit);
}, ${BEAT_MS});

function stop(stalled, limit) {
  const running = Atomics.load(shared, ${SLOT.running}) === 1;
  const code = running ? ${EXIT.runtime} : ${EXIT.config};
  let done = false;
  const finish = (frames) => {
    if (done) return;
    done = true;
    try { writeSync(2, message(stalled, limit, running, frames)); } catch {}
  };
  const fallback = setTimeout(() => { finish([]); process.kill(process.pid, 'SIGKILL'); }, 2000);
  try {
    const { Session } = require('node:inspector');
    const session = new Session();
    session.connectToMainThread();
    const scripts = new Map();
    session.on('Debugger.scriptParsed', ({ params }) => scripts.set(params.scriptId, params.url));
    session.once('Debugger.paused', ({ params }) => {
      finish(userFrames(params.callFrames, scripts, { own: workerData.own, cwd: workerData.cwd, relative, fileURLToPath }));
      session.post('Debugger.disable', () =>
        session.post('Runtime.evaluate', { expression: '(process[Symbol.for("holodeck.exitAtOnce")] || process.reallyExit)(' + code + ')' }, () => {}),
      );
    });
    session.post('Debugger.enable', () => session.post('Debugger.pause'));
  } catch {
    clearTimeout(fallback);
    finish([]);
    process.kill(process.pid, 'SIGKILL');
  }
}

// A build that keeps function names wraps them in __name: here it has nothing to do.
const __name = (fn) => fn;
const userFrames = ${userFrames.toString()};

function message(stalled, limit, running, frames) {
  const seconds = (ms) => (ms / 1000).toFixed(1) + ' s';
  const what = running
    ? 'the run was stopped: its main thread has not returned to its event loop for ' + seconds(stalled) +
      ' (the limit is the turn timeout + ${RUN_STALL_GRACE_MS / 1000} s: ' + seconds(limit) + ')'
    : 'the configuration could not be loaded: its main thread has not returned to its event loop for ' + seconds(stalled) +
      ' (the limit while loading is ' + seconds(limit) + ')';
  const where = frames.length > 0 ? ', stuck in\\n' + frames.map((f) => '    at ' + f).join('\\n') : '';
  const hint = running
    ? 'A module agent (its factory, send or close) ran a synchronous loop that never returns; no report was written; the cases finished before are in the run\\'s log, results/<agent>/<start>.partial.jsonl (holodeck test --resume goes on from there).'
    : 'A grader\\'s or module agent\\'s module runs a synchronous loop at its top level that never returns.';
  return 'error: ' + what + where + '\\n' + hint + '\\n';
}
`;
