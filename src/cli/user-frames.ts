/**
 * Where a paused thread is stuck, as the user reads it: the frames of a `Debugger.paused` event down to where
 * holodeck called the user's code (all of them when none is holodeck's), at most four, as
 * `send (agent.mjs:5:9)` with paths relative to the working folder.
 *
 * The stall guard's watcher thread runs from source text of its own (cli/stall-guard.ts), which takes this
 * function as text: it must use nothing but its arguments.
 */

export interface PausedFrame {
  readonly functionName: string;
  readonly url: string;
  readonly location: { readonly scriptId: string; readonly lineNumber: number; readonly columnNumber: number };
}

export interface FramePaths {
  /** holodeck's own folder: frames under it are not the user's. */
  readonly own: string;
  readonly cwd: string;
  readonly relative: (from: string, to: string) => string;
  readonly fileURLToPath: (url: string) => string;
}

export function userFrames(
  callFrames: readonly PausedFrame[],
  scripts: ReadonlyMap<string, string>,
  paths: FramePaths,
): string[] {
  const pathOf = (url: string): string | null => {
    try {
      return url.startsWith('file:') ? paths.fileURLToPath(url) : null;
    } catch {
      return null;
    }
  };
  const frames = callFrames.map((frame) => ({ frame, url: frame.url || scripts.get(frame.location.scriptId) || '' }));
  const own = frames.findIndex(({ url }) => {
    const path = pathOf(url);
    return path !== null && !paths.relative(paths.own, path).startsWith('..');
  });
  const shown = own > 0 ? frames.slice(0, own) : frames;
  return shown.slice(0, 4).map(({ frame, url }) => {
    const path = pathOf(url);
    const where = (path === null ? url : paths.relative(paths.cwd, path) || url) || 'unknown';
    const name = frame.functionName || '<anonymous>';
    return `${name} (${where}:${frame.location.lineNumber + 1}:${frame.location.columnNumber + 1})`;
  });
}
