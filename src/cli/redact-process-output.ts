/**
 * Masks secrets in everything this process writes to stdout and stderr — the console report, progress,
 * error messages, stack traces, the stderr of tools passed through — whoever writes it. The redactor can be
 * replaced as more secrets become known (the environment's first, then the configuration's).
 */
import type { Redactor } from '../core/redactor.js';

type Write = typeof process.stdout.write;

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
  const original = stream.write.bind(stream) as Write;
  const write = (chunk: unknown, encoding?: unknown, callback?: unknown): boolean => {
    const redactor = state.redactor;
    let data = chunk;
    if (redactor?.active) {
      if (typeof chunk === 'string') data = redactor.text(chunk);
      else if (chunk instanceof Uint8Array) data = redactor.text(Buffer.from(chunk).toString('utf8'));
    }
    return (original as (c: unknown, e?: unknown, cb?: unknown) => boolean)(data, encoding, callback);
  };
  stream.write = write as Write;
}
