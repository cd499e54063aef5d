/**
 * Where JSON text stops being JSON, as a line and column. V8's messages quote the text around the error
 * (`Unexpected token 'z', ..."version": zq8Hk2Lm9P"...`), which can hold the start of a secret no mask
 * recognises: messages say where instead, never what.
 */

/** Whether `text.slice(0, length)` is the start of some JSON document (V8 itself is the judge). */
function validPrefix(text: string, length: number): boolean {
  try {
    JSON.parse(text.slice(0, length));
    return true;
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    const at = /at position (\d+)/.exec(message);
    if (at) return Number(at[1]) >= length;
    return message.includes('end of JSON input');
  }
}

/**
 * The offset of the first character no JSON document could have there (the text's length when it ends too
 * soon). From V8's message when it names one; otherwise (`Unexpected token`) the longest prefix that is still
 * the start of a document, found by halving: a few dozen parses, on this error path only.
 */
export function jsonSyntaxOffset(text: string, message: string): number {
  const at = /at position (\d+)/.exec(message);
  if (at) return Number(at[1]);
  if (message.includes('end of JSON input')) return text.length;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (validPrefix(text, middle)) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** 1-based line and column of `offset` (columns count UTF-16 units, as editors mostly do). */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < offset; at = text.indexOf('\n', at + 1)) {
    line += 1;
    lineStart = at + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/** `syntax error at line 3, column 14 (offset 52)`, for the text JSON.parse refused with `message`. */
export function jsonSyntaxPosition(text: string, message: string): string {
  const offset = jsonSyntaxOffset(text, message);
  const { line, column } = lineAndColumn(text, offset);
  return `syntax error at line ${line}, column ${column} (offset ${offset})`;
}
