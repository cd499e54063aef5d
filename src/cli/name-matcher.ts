/**
 * `--filter`, `--exclude` and `execution.filter` patterns: a substring of the name, or, with `*` (any run of
 * characters) or `?` (one character), a wildcard pattern over the whole name. Letter case is ignored. Matched
 * without a regular expression, in at most (name length × pattern length) steps, so no pattern can keep the
 * selection busy: `*a*a*a*a*a*a*a*b` would make a backtracking regex try every split of a long name.
 */
export function nameMatcher(pattern: string): (name: string) => boolean {
  if (!/[*?]/.test(pattern)) {
    const needle = pattern.toLowerCase();
    return (name) => name.toLowerCase().includes(needle);
  }
  const wildcard = fold(pattern);
  return (name) => wildcardMatch(wildcard, fold(name));
}

/**
 * The classic two-pointer match: on a mismatch after a `*`, that `*` takes one more character and the match goes
 * on from there. Only the last `*` is ever revisited, since what an earlier one could take, a later one can too.
 */
function wildcardMatch(pattern: string, name: string): boolean {
  let p = 0;
  let n = 0;
  let star = -1;
  let taken = 0;
  while (n < name.length) {
    const wanted = pattern[p];
    if (wanted === '*') {
      star = p;
      taken = n;
      p += 1;
    } else if (wanted !== undefined && (wanted === '?' || wanted === name[n])) {
      p += 1;
      n += 1;
    } else if (star >= 0) {
      p = star + 1;
      taken += 1;
      n = taken;
    } else {
      return false;
    }
  }
  while (pattern[p] === '*') p += 1;
  return p === pattern.length;
}

/**
 * Each UTF-16 unit in the form a case-insensitive JavaScript RegExp compares (ECMAScript's Canonicalize without
 * the `u` flag): upper case, unless that takes more than one unit or turns a non-ASCII letter into ASCII.
 */
function fold(text: string): string {
  let folded = '';
  for (let i = 0; i < text.length; i += 1) {
    const unit = text[i] as string;
    const upper = unit.toUpperCase();
    const keep = upper.length !== 1 || (unit.charCodeAt(0) >= 128 && upper.charCodeAt(0) < 128);
    folded += keep ? unit : upper;
  }
  return folded;
}
