/**
 * `process.kill` as Node made it, taken when this module loads — before the process guard (cli/guard-process.ts,
 * which imports it first) replaces it to refuse user code that signals the holodeck process. holodeck's own code
 * that must signal the process itself (ending it with the signal it got) calls this one.
 *
 * Node's `process.kill` sends through `process._kill`, which the guard replaces too (user code can call it
 * directly): this one sends through the `_kill` Node made, whatever stands there when it is called.
 */
type UnderscoreKill = (pid: number, signal: number) => number;
interface WithUnderscoreKill {
  _kill: UnderscoreKill;
}

const withUnderscore = process as unknown as WithUnderscoreKill;
/** Node's own `process._kill`: the last step of `process.kill`. */
export const realUnderscoreKill: UnderscoreKill = withUnderscore._kill.bind(process);
const nodeKill: typeof process.kill = process.kill.bind(process);

export const realProcessKill = ((pid: number, signal?: string | number): true => {
  const standing = withUnderscore._kill;
  withUnderscore._kill = realUnderscoreKill;
  try {
    return nodeKill(pid, signal);
  } finally {
    withUnderscore._kill = standing;
  }
}) as typeof process.kill;

/** Replaces `process._kill`; returns what restores Node's own. */
export function replaceUnderscoreKill(replacement: UnderscoreKill): () => void {
  withUnderscore._kill = replacement;
  return () => {
    withUnderscore._kill = realUnderscoreKill;
  };
}
