/** What became of a call whose worker thread ended under it, as said to that call (`tool X <message>`). */

/** A call that ended the thread: by its id when known, with its label for the other calls. */
export interface Culprit {
  readonly id: number | null;
  readonly label: string | null;
}

export interface ThreadEnd {
  readonly exit: (Culprit & { readonly code: string }) | null;
  readonly crash: (Culprit & { readonly description: string }) | null;
  readonly exit_code: number;
}

export function endMessage(end: ThreadEnd, id: number): string {
  const { exit, crash } = end;
  if (exit !== null) {
    if (exit.id === id) return `called process.exit(${exit.code})`;
    return `was stopped: ${exit.label ?? 'user code'} called process.exit(${exit.code}) in the same worker thread`;
  }
  if (crash !== null) {
    if (crash.id === id) return `crashed its worker thread: ${crash.description}`;
    if (crash.label === null) return `lost its worker thread, which crashed: ${crash.description}`;
    return `was stopped: ${crash.label} crashed the same worker thread (${crash.description})`;
  }
  return `lost its worker thread (exit code ${end.exit_code})`;
}
