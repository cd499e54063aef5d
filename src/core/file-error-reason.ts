/**
 * Why a file could not be read or written, as a message names it: a system error without the call and path
 * Node appends (`ENOSPC: no space left on device, write` → `ENOSPC: no space left on device`), so that the
 * message can name the file in its own words.
 */
export function fileErrorReason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { syscall } = error as { syscall?: unknown };
  if (typeof syscall === 'string') {
    const at = error.message.indexOf(`, ${syscall}`);
    if (at > 0) return error.message.slice(0, at);
  }
  return error.message;
}
