/**
 * `process.kill` as Node made it, taken when this module loads — before the process guard (cli/guard-process.ts,
 * which imports it first) replaces it to refuse user code that signals the holodeck process. holodeck's own code
 * that must signal the process itself (ending it with the signal it got) calls this one.
 */
export const realProcessKill: typeof process.kill = process.kill.bind(process);
