/**
 * Compiles an argument matcher's regex as a JavaScript RegExp anchored for a full match. Accepts the
 * Python spellings authors bring from other tools: a leading `(?i)` (also `m`, `s`) and `(?P<name>...)`.
 */

export type RegexCompile =
  | { readonly ok: true; readonly regex: RegExp }
  | { readonly ok: false; readonly reason: string };

const INLINE_FLAGS = /^\(\?([a-zA-Z]+)\)/;
const SUPPORTED_FLAGS = new Set(['i', 'm', 's']);

const REASONS: ReadonlyArray<readonly [RegExp, string]> = [
  [/Unterminated group/, 'missing )'],
  [/Unmatched '\)'/, 'unbalanced )'],
  [/Unterminated character class/, 'missing ]'],
  [/Nothing to repeat/, 'nothing to repeat'],
  [/\\ at end of pattern/, 'trailing backslash'],
  [/Invalid capture group name/, 'invalid group name'],
  [/Duplicate capture group name/, 'duplicate group name'],
  [/Invalid named capture referenced/, 'reference to an unknown group name'],
  [/numbers out of order/, 'numbers out of order in {} quantifier'],
  [/Range out of order in character class/, 'range out of order in character class'],
];

function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  for (const [pattern, reason] of REASONS) if (pattern.test(message)) return reason;
  const detail = message.slice(message.lastIndexOf(': ') + 2);
  return detail.charAt(0).toLowerCase() + detail.slice(1);
}

export function compileArgRegex(pattern: string): RegexCompile {
  let source = pattern;
  let flags = '';
  const inline = INLINE_FLAGS.exec(source);
  if (inline) {
    const unsupported = [...inline[1]!].filter((flag) => !SUPPORTED_FLAGS.has(flag));
    if (unsupported.length > 0) return { ok: false, reason: `unsupported inline flag (?${unsupported.join('')})` };
    flags = [...new Set(inline[1]!)].join('');
    source = source.slice(inline[0].length);
  }
  source = source.replace(/\(\?P<([A-Za-z_]\w*)>/g, '(?<$1>').replace(/\(\?P=([A-Za-z_]\w*)\)/g, '\\k<$1>');
  try {
    new RegExp(source, flags);
    // Anchored at the very start and end of the value, even under the `m` flag (where ^ and $ match at lines).
    return { ok: true, regex: new RegExp(`(?<![\\s\\S])(?:${source})(?![\\s\\S])`, flags) };
  } catch (error) {
    return { ok: false, reason: reasonOf(error) };
  }
}
