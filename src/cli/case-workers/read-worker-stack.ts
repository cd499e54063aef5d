/**
 * Where a worker thread that does not return to its event loop is stuck. This thread's inspector reaches its
 * workers (the NodeWorker domain); a worker's inspector answers even inside a synchronous loop, so it can be
 * paused and its stack read. The worker is detached again before this resolves, so it can be terminated.
 */
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { clearRunTimer, runTimer } from '../../core/clock.js';
import { type PausedFrame, userFrames } from '../user-frames.js';
import { stuckInOwnCode } from './stuck-in-own-code.js';

/** How long the worker's inspector may take to answer. */
const READ_STACK_TIMEOUT_MS = 2000;

export interface WorkerStack {
  /** The user's frames where the worker is (`send (agent.mjs:5:9)`, …), or [] when they cannot be read in time. */
  readonly frames: string[];
  /** Every frame of the stack is Node's or holodeck's own (stuck-in-own-code.ts): no user code was running. */
  readonly own_code_only: boolean;
}

/** Where `worker` is. `own`: holodeck's own folder, whose frames are cut off. */
export async function readWorkerStack(
  worker: Worker,
  own: string,
  timeoutMs: number = READ_STACK_TIMEOUT_MS,
): Promise<WorkerStack> {
  const { Session } = await import('node:inspector');
  return new Promise((resolve) => {
    const session = new Session();
    const scripts = new Map<string, string>();
    let sessionId: string | null = null;
    let nextId = 0;
    let done = false;
    const finish = (stack: WorkerStack) => {
      if (done) return;
      done = true;
      clearRunTimer(timer);
      const end = () => {
        session.disconnect();
        resolve(stack);
      };
      // A paused worker cannot be terminated: detaching resumes it.
      if (sessionId === null) end();
      else session.post('NodeWorker.detach', { sessionId }, end);
    };
    const unread: WorkerStack = { frames: [], own_code_only: false };
    const timer = runTimer(() => finish(unread), timeoutMs);
    const send = (method: string, params: object = {}) => {
      if (sessionId === null) return;
      nextId += 1;
      session.post('NodeWorker.sendMessageToWorker', {
        sessionId,
        message: JSON.stringify({ id: nextId, method, params }),
      });
    };
    session.on('NodeWorker.attachedToWorker', ({ params }) => {
      // The inspector numbers workers its own way; their title starts with the thread's id.
      if (!params.workerInfo.title.startsWith(`[worker ${worker.threadId}]`) || sessionId !== null) return;
      sessionId = params.sessionId;
      send('Debugger.enable');
      send('Debugger.pause');
    });
    session.on('NodeWorker.receivedMessageFromWorker', ({ params }) => {
      if (params.sessionId !== sessionId) return;
      const message = JSON.parse(params.message) as { method?: string; params?: Record<string, unknown> };
      if (message.method === 'Debugger.scriptParsed') {
        const parsed = message.params as { scriptId: string; url: string };
        scripts.set(parsed.scriptId, parsed.url);
      } else if (message.method === 'Debugger.paused') {
        const callFrames = (message.params as { callFrames: PausedFrame[] }).callFrames;
        const urls = callFrames.map((frame) => frame.url || scripts.get(frame.location.scriptId) || '');
        finish({
          frames: userFrames(callFrames, scripts, { own, cwd: process.cwd(), relative, fileURLToPath }),
          own_code_only: stuckInOwnCode(urls, own),
        });
      }
    });
    try {
      session.connect();
      session.post('NodeWorker.enable', { waitForDebuggerOnStart: false });
    } catch {
      finish(unread);
    }
  });
}
