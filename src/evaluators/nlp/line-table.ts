/**
 * The lines of one (large) string, addressed by number without splitting it: only the line offsets are
 * stored, and a line becomes a string when it is asked for. Loading WordNet this way allocates no
 * per-entry objects.
 */
export class LineTable {
  readonly #text: string;
  /** Start of each line, plus one past the end of the text as a sentinel. */
  readonly #starts: Uint32Array;

  /** An empty text has no lines; otherwise lines are separated by `\n`. */
  constructor(text: string) {
    this.#text = text;
    let count = text === '' ? 0 : 1;
    for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) count += 1;
    const starts = new Uint32Array(count + 1);
    let line = 1;
    for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) starts[line++] = at + 1;
    starts[count] = text.length + 1;
    this.#starts = starts;
  }

  get length(): number {
    return this.#starts.length - 1;
  }

  #start(i: number): number {
    return this.#starts[i] ?? 0;
  }

  #end(i: number): number {
    return (this.#starts[i + 1] ?? 1) - 1;
  }

  /** Line i, or undefined when there is no such line. */
  line(i: number): string | undefined {
    if (!Number.isInteger(i) || i < 0 || i >= this.length) return undefined;
    return this.#text.slice(this.#start(i), this.#end(i));
  }

  /** Compares line i with `value` by UTF-16 code units, like `<` on strings: negative, 0 or positive. */
  compare(i: number, value: string): number {
    return compareRanges(this.#text, this.#start(i), this.#end(i), value, 0, value.length);
  }

  /** Compares line i with line j by UTF-16 code units. */
  compareLines(i: number, j: number): number {
    return compareRanges(this.#text, this.#start(i), this.#end(i), this.#text, this.#start(j), this.#end(j));
  }
}

function compareRanges(a: string, aStart: number, aEnd: number, b: string, bStart: number, bEnd: number): number {
  const shared = Math.min(aEnd - aStart, bEnd - bStart);
  for (let k = 0; k < shared; k += 1) {
    const difference = a.charCodeAt(aStart + k) - b.charCodeAt(bStart + k);
    if (difference !== 0) return difference;
  }
  return aEnd - aStart - (bEnd - bStart);
}
