/**
 * Ends a stdio MCP server with what it started: its process group (stdio-process-transport.ts starts each server
 * as the leader of one). Kept apart from the transport, which loads child_process: a run without MCP servers
 * loads neither.
 */
import type { ChildProcess } from 'node:child_process';

/** Process groups are a POSIX notion: on Windows the server is one process, ended alone. */
export const OWN_GROUP = process.platform !== 'win32';

/** Signals the server's whole process group (on Windows, the server alone); nothing when it is gone. */
export function killServerGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  const pid = child.pid;
  if (pid === undefined) return;
  try {
    if (OWN_GROUP) process.kill(-pid, signal);
    else if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  } catch {
    // The group is gone.
  }
}
