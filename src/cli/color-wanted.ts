/**
 * Whether the console gets colours: on a terminal, unless `NO_COLOR` is set or the terminal is `TERM=dumb`;
 * `FORCE_COLOR` asks for them anywhere when set to anything but `0` or `false` (e.g. in a CI log that renders
 * them), and turns them off everywhere when it is `0` or `false`, as Node and chalk read it.
 */
export function colorWanted(stream: { readonly isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  const force = env['FORCE_COLOR'];
  if (force !== undefined) return force !== '0' && force.toLowerCase() !== 'false';
  if (env['NO_COLOR']) return false;
  if (env['TERM'] === 'dumb') return false;
  return stream.isTTY === true;
}
