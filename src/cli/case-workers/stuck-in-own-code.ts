/**
 * Whether a thread paused where it did not return to its event loop was in holodeck's own work rather than in
 * user code: every frame of its stack is Node's own (`node:internal/…`) or in holodeck's folder. Then no module
 * agent's or module's loop held it (not even one that calls into holodeck), and the stall message says so
 * instead of blaming one. False for an empty stack: where it was is not known.
 */
import { isAbsolute, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** `urls`: each frame's script URL, innermost first; `own`: holodeck's own folder. */
export function stuckInOwnCode(urls: readonly string[], own: string): boolean {
  return urls.length > 0 && urls.every((url) => ownUrl(url, own));
}

function ownUrl(url: string, own: string): boolean {
  if (url.startsWith('node:')) return true;
  if (!url.startsWith('file:')) return false;
  let path: string;
  try {
    path = fileURLToPath(url);
  } catch {
    return false;
  }
  const inside = relative(own, path);
  return inside === '' || (!inside.startsWith('..') && !isAbsolute(inside));
}
