/**
 * Masks secrets in everything this process writes to stdout and stderr — the console report, progress,
 * error messages, stack traces, the stderr of tools passed through — whoever writes it. The redactor can be
 * replaced as more secrets become known (the environment's first, then the configuration's).
 *
 * User code may write a secret in pieces (`write(key.slice(0, 12)); write(key.slice(12))`): each piece alone is
 * no secret. So the end of a write that could begin a secret is held back until the next write to the stream
 * tells whether it does, and written when the process exits.
 */
import type { Redactor } from '../core/redactor.js';

type Write = typeof process.stdout.write;
type AnyWrite = (chunk: unknown, encoding?: unknown, callback?: unknown) => boolean;

export interface OutputRedaction {
  use(redactor: Redactor): void;
}

let installed: { redactor: Redactor | null } | null = null;

export function redactProcessOutput(redactor: Redactor): OutputRedaction {
  if (installed === null) {
    const state: { redactor: Redactor | null } = { redactor: null };
    patch(process.stdout, state);
    patch(process.stderr, state);
    installed = state;
  }
  const state = installed;
  state.redactor = redactor;
  return {
    use(next) {
      state.redactor = next;
    },
  };
}

function patch(stream: NodeJS.WriteStream, state: { redactor: Redactor | null }): void {
  const original = stream.write.bind(stream) as AnyWrite;
  let held = '';
  const write = (chunk: unknown, encoding?: unknown, callback?: unknown): boolean => {
    const redactor = state.redactor;
    if (!redactor?.active) {
      if (held === '') return original(chunk, encoding, callback);
      const text = `${held}${typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8')}`;
      held = '';
      return original(text, encoding, callback);
    }
    let text: string;
    if (typeof chunk === 'string') text = chunk;
    else if (chunk instanceof Uint8Array) text = Buffer.from(chunk).toString('utf8');
    else return original(chunk, encoding, callback);
    const masked = redactor.text(`${held}${text}`);
    const keep = redactor.heldSuffix(masked);
    held = masked.slice(masked.length - keep);
    // Written even when empty: the caller's callback is called, and the stream keeps its order.
    return original(masked.slice(0, masked.length - keep), encoding, callback);
  };
  stream.write = write as Write;
  process.on('exit', () => {
    if (held === '') return;
    const rest = held;
    held = '';
    original(rest);
  });
}
