/**
 * Whether the console may redraw a live progress line: only on a terminal that can move its cursor, so not
 * on `TERM=dumb` (Emacs shells, some CI consoles), where each redraw would stay on screen as a line of its own.
 */
export function redrawWanted(stream: { readonly isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  return stream.isTTY === true && env['TERM'] !== 'dumb';
}
