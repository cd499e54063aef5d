/**
 * Rate limits shared by worker threads: under `--workers N` every model's limiter lives in the main thread's
 * registry, and a case worker asks it for each permit over a MessagePort, then tells it how the request
 * ended (its tokens, a 429 with the wait it named, a failure). So one token bucket and one AIMD cap per model
 * hold for the whole run, whichever thread sends the request, and the progress line shows the run's rate.
 */
import type { MessagePort } from 'node:worker_threads';
import type { ModelConfig } from '../../../core/config-types.js';
import type { RateLimit } from '../../../core/rate-limit.js';
import type { RatePermit } from './model-rate-limiter.js';

/** What a limiter's caller needs: a permit per request, and whether requests are metered by tokens. */
export interface RateLimiter {
  readonly counts_tokens: boolean;
  acquire(cost: number, signal?: AbortSignal): Promise<RatePermit>;
}

/** The model a limiter belongs to: what the registry keys on. */
export type LimitedModel = Pick<ModelConfig, 'provider' | 'endpoint' | 'name'>;

/** A source of limiters other than the thread's own registry: the main thread's, over a port. */
export interface RemoteRateLimits {
  limiterFor(model: LimitedModel, limit: RateLimit | null): RateLimiter;
}

type ToMain =
  | {
      readonly type: 'acquire';
      readonly id: number;
      readonly model: LimitedModel;
      readonly limit: RateLimit | null;
      readonly cost: number;
    }
  | { readonly type: 'abort'; readonly id: number }
  | { readonly type: 'done'; readonly id: number; readonly tokens: number | null }
  | { readonly type: 'limited'; readonly id: number; readonly wait_ms: number | null }
  | { readonly type: 'failed'; readonly id: number };

interface ToWorker {
  readonly type: 'granted';
  readonly id: number;
}

/**
 * The main thread's side: answers one worker's requests for permits from `limiterFor` (the process
 * registry's). The returned function ends the worker's side: its waiting requests are dropped and its
 * granted ones end as failed, so a worker that dies holds no slot of the cap on requests in flight.
 */
export function serveRateLimits(
  port: MessagePort,
  limiterFor: (model: LimitedModel, limit: RateLimit | null) => RateLimiter,
): () => void {
  const waiting = new Map<number, AbortController>();
  const granted = new Map<number, RatePermit>();
  const take = (id: number): RatePermit | undefined => {
    const permit = granted.get(id);
    granted.delete(id);
    return permit;
  };
  port.on('message', (message: ToMain) => {
    if (message.type === 'acquire') {
      const { id } = message;
      const controller = new AbortController();
      waiting.set(id, controller);
      limiterFor(message.model, message.limit)
        .acquire(message.cost, controller.signal)
        .then(
          (permit) => {
            waiting.delete(id);
            granted.set(id, permit);
            port.postMessage({ type: 'granted', id } satisfies ToWorker);
          },
          () => waiting.delete(id),
        );
    } else if (message.type === 'abort') waiting.get(message.id)?.abort();
    else if (message.type === 'done') take(message.id)?.done(message.tokens);
    else if (message.type === 'limited') take(message.id)?.rateLimited(message.wait_ms);
    else take(message.id)?.failed();
  });
  port.unref();
  return () => {
    for (const controller of waiting.values()) controller.abort();
    for (const permit of granted.values()) permit.failed();
    waiting.clear();
    granted.clear();
    port.close();
  };
}

/** A worker thread's side: limiters whose permits come from the main thread over `port`. */
export function remoteRateLimits(port: MessagePort): RemoteRateLimits {
  let nextId = 0;
  const waiting = new Map<number, () => void>();
  const post = (message: ToMain) => port.postMessage(message);
  port.on('message', (message: ToWorker) => {
    const grant = waiting.get(message.id);
    waiting.delete(message.id);
    // Granted after the caller gave up (its signal aborted on the way): hand the permit straight back.
    if (grant === undefined) post({ type: 'failed', id: message.id });
    else grant();
  });
  port.unref();
  const permit = (id: number): RatePermit => {
    let ended = false;
    const end = (message: ToMain) => {
      if (ended) return;
      ended = true;
      post(message);
    };
    return {
      done: (tokens) => end({ type: 'done', id, tokens }),
      rateLimited: (wait_ms) => end({ type: 'limited', id, wait_ms }),
      failed: () => end({ type: 'failed', id }),
    };
  };
  return {
    limiterFor(model, limit) {
      const { provider, endpoint, name } = model;
      return {
        counts_tokens: (limit?.tokens_per_minute ?? null) !== null,
        acquire(cost, signal) {
          if (signal?.aborted === true) return Promise.reject(signal.reason);
          const id = nextId++;
          return new Promise((resolve, reject) => {
            const onAbort = () => {
              waiting.delete(id);
              post({ type: 'abort', id });
              reject(signal?.reason);
            };
            waiting.set(id, () => {
              signal?.removeEventListener('abort', onAbort);
              resolve(permit(id));
            });
            signal?.addEventListener('abort', onAbort, { once: true });
            post({ type: 'acquire', id, model: { provider, endpoint, name }, limit, cost });
          });
        },
      };
    },
  };
}
