/**
 * A report written to stdout (`--output -`) is all stdout holds: once the run says so, every other write to
 * `process.stdout` — user code's `console.log`, a worker's output passed through, the console report — goes to
 * stderr, and the report alone is written with stdout's own write.
 */
type Write = typeof process.stdout.write;

let reportWrite: ((chunk: string | Uint8Array) => boolean) | null = null;

export function divertStdoutToStderr(): void {
  if (reportWrite !== null) return;
  const original = process.stdout.write;
  reportWrite = (chunk) => original.call(process.stdout, chunk);
  process.stdout.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) =>
    (process.stderr.write as (c: unknown, e?: unknown, cb?: unknown) => boolean)(chunk, encoding, callback)) as Write;
}

/** Writes a piece of a report to stdout: past the diversion when there is one. */
export function writeReportToStdout(chunk: string | Uint8Array): boolean {
  return reportWrite === null ? process.stdout.write(chunk) : reportWrite(chunk);
}
