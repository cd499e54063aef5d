/**
 * Where a worker thread that does not return to its event loop is stuck. This thread's inspector reaches its
 * workers (the NodeWorker domain); a worker's inspector answers even inside a synchronous loop, so it can be
 * paused and its stack read. The worker is detached again before this resolves, so it can be terminated.
 */
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { type PausedFrame, userFrames } from '../user-frames.js';

/** How long the worker's inspector may take to answer. */
const READ_STACK_TIMEOUT_MS = 2000;

/**
 * The user's frames where `worker` is (`send (agent.mjs:5:9)`, …), or [] when they cannot be read in time.
 * `own`: holodeck's own folder, whose frames are cut off.
 */
export async function readWorkerStack(
  worker: Worker,
  own: string,
  timeoutMs: number = READ_STACK_TIMEOUT_MS,
): Promise<string[]> {
  const { Session } = await import('node:inspector');
  return new Promise((resolve) => {
    const session = new Session();
    const scripts = new Map<string, string>();
    let sessionId: string | null = null;
    let nextId = 0;
    let done = false;
    const finish = (frames: string[]) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      const end = () => {
        session.disconnect();
        resolve(frames);
      };
      // A paused worker cannot be terminated: detaching resumes it.
      if (sessionId === null) end();
      else session.post('NodeWorker.detach', { sessionId }, end);
    };
    const timer = setTimeout(() => finish([]), timeoutMs);
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
        finish(userFrames(callFrames, scripts, { own, cwd: process.cwd(), relative, fileURLToPath }));
      }
    });
    try {
      session.connect();
      session.post('NodeWorker.enable', { waitForDebuggerOnStart: false });
    } catch {
      finish([]);
    }
  });
}
