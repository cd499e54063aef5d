/**
 * Whether the console gets colours: on a terminal, unless `NO_COLOR` is set or the terminal is `TERM=dumb`;
 * `FORCE_COLOR` (set, and not `0` or `false`) asks for them anywhere, e.g. in a CI log that renders them.
 */
export function colorWanted(stream: { readonly isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  const force = env['FORCE_COLOR'];
  if (force !== undefined && force !== '0' && force.toLowerCase() !== 'false') return true;
  if (env['NO_COLOR']) return false;
  if (env['TERM'] === 'dumb') return false;
  return stream.isTTY === true;
}
