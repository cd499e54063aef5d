/**
 * `--record`, `--replay` and `--cache` under `--workers N`: the run's one store of model calls (the cassette
 * being recorded or replayed, the cache) stays in the main thread, and a case worker looks each request up in
 * it and saves each answer to it over a MessagePort. The worker keys and masks requests itself, exactly as the
 * main thread does (recording-middleware.ts), so a cassette recorded with workers replays without them and
 * the other way round, and every answer a worker got is in the one cassette written at the end.
 */
import type { MessagePort } from 'node:worker_threads';
import type { Redactor } from '../../../core/redactor.js';
import { RequestNotRecordedError } from './cassette-player.js';
import type { ModelCallStore, StoredCall } from './model-call-store.js';
import { type ModelRecording, type RecordingMode, wrapperOf } from './model-recording.js';
import type { KeyedRequest } from './request-key.js';

type ToMain =
  | { readonly type: 'find'; readonly id: number; readonly request: KeyedRequest }
  | { readonly type: 'save'; readonly id: number; readonly request: KeyedRequest; readonly call: StoredCall };

type ToWorker =
  | { readonly type: 'answer'; readonly id: number; readonly call: StoredCall | null }
  | { readonly type: 'saved'; readonly id: number }
  | { readonly type: 'error'; readonly id: number; readonly message: string; readonly code: string | null };

/** The main thread's side: answers one worker's look-ups and saves from the run's store. */
export function serveModelCalls(port: MessagePort, store: ModelCallStore): () => void {
  const reply = (message: ToWorker) => port.postMessage(message);
  port.on('message', (message: ToMain) => {
    const { id } = message;
    const done =
      message.type === 'find'
        ? store.find(message.request).then((call) => reply({ type: 'answer', id, call }))
        : store.save(message.request, message.call).then(() => reply({ type: 'saved', id }));
    done.catch((error: unknown) => {
      const code = (error as { code?: unknown })?.code;
      const text = error instanceof Error ? error.message : String(error);
      reply({ type: 'error', id, message: text, code: typeof code === 'string' ? code : null });
    });
  });
  port.unref();
  return () => port.close();
}

/**
 * A worker thread's recording: the same middleware as the main thread's over a store that lives there. Its
 * `close` writes nothing (the main thread writes the cassette once every worker is done).
 */
export function remoteModelRecording(
  port: MessagePort,
  mode: RecordingMode['mode'],
  redactor: Redactor,
): ModelRecording {
  let nextId = 0;
  const pending = new Map<number, { resolve: (message: ToWorker) => void; reject: (error: Error) => void }>();
  port.on('message', (message: ToWorker) => {
    const waiter = pending.get(message.id);
    pending.delete(message.id);
    if (waiter === undefined) return;
    if (message.type !== 'error') waiter.resolve(message);
    else if (message.code === 'REQUEST_NOT_RECORDED') waiter.reject(new RequestNotRecordedError(message.message));
    else waiter.reject(new Error(message.message));
  });
  port.unref();
  const ask = (message: ToMain): Promise<ToWorker> =>
    new Promise((resolve, reject) => {
      pending.set(message.id, { resolve, reject });
      port.postMessage(message);
    });
  const store: ModelCallStore = {
    find: async (request) => {
      const answer = await ask({ type: 'find', id: nextId++, request });
      return answer.type === 'answer' ? answer.call : null;
    },
    save: async (request, call) => {
      await ask({ type: 'save', id: nextId++, request, call });
    },
    close: async () => '',
  };
  return { mode, wrap: wrapperOf(mode, store, redactor), close: store.close, store };
}
