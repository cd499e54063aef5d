/**
 * Which number a free-text agent response answers with, for the `numeric` evaluator. In order:
 * 1. `standalone` — the response is only a number (`25587`, `**$25,587**`, `14.1%.`);
 * 2. `emphasis` — otherwise, the last markdown bold span (`**…**` or `__…__`) holding exactly one number and
 *    nothing else, since models bold the answer in a sentence that also quotes its operands: "The change is
 *    **25,587** (206,588 − 181,001)". Bold list markers (`**1.**`) and headings (`**Step 2**`) do not count;
 * 3. `cue` — otherwise, the first number right after the last answer cue (`is`, `was`, `equals`, `=`, `≈`,
 *    `answer:`), since models state the answer after such a word and then often add context: "the difference is
 *    25587 thousand, as reported in 2009";
 * 4. `last` — otherwise, the last number of the text outside parentheses (which usually hold operands or
 *    citations), else the last number at all.
 * The chosen token must then be allowed by the options (thousands separators, percent); a rejected token makes
 * the response unparsable rather than falling back to another number.
 */
import {
  checkToken,
  findNumberTokens,
  type NumberFormatOptions,
  type NumberToken,
  parseStandaloneNumber,
} from './parse-number.js';

export type ExtractionStrategy = 'standalone' | 'emphasis' | 'cue' | 'last';

export type Extraction =
  | {
      readonly ok: true;
      readonly token: NumberToken;
      readonly strategy: ExtractionStrategy;
      /** How many numbers the response contains. */
      readonly candidates: number;
    }
  | { readonly ok: false; readonly reason: string };

const EMPHASIS = /\*\*([^*]+)\*\*|__([^_]+)__/g;
const CUE = /\b(?:is|was|equals|answer\s*:)(?=\W)|[=≈]/gi;
/** How far after a cue the answer may start (room for "approximately $", "about", "roughly"). */
const CUE_WINDOW = 24;

export function extractResponseNumber(text: string, options: NumberFormatOptions): Extraction {
  if (text.trim() === '') return { ok: false, reason: 'the agent response is empty' };
  const all = findNumberTokens(text);
  const chosen = chooseToken(text, all);
  if (chosen === null) return { ok: false, reason: 'the agent response contains no number' };
  const check = checkToken(chosen.token, options);
  if (!check.ok) return { ok: false, reason: `the agent response's number ${check.reason}` };
  return { ok: true, token: chosen.token, strategy: chosen.strategy, candidates: all.length };
}

function chooseToken(
  text: string,
  all: readonly NumberToken[],
): { token: NumberToken; strategy: ExtractionStrategy } | null {
  const standalone = parseStandaloneNumber(text);
  if (standalone) return { token: standalone, strategy: 'standalone' };
  const emphasized = emphasizedTokens(text).at(-1);
  if (emphasized) return { token: emphasized, strategy: 'emphasis' };
  const cued = cuedToken(text, all);
  if (cued) return { token: cued, strategy: 'cue' };
  const outside = all.filter((token) => !insideParentheses(text, token.index));
  const last = outside.at(-1) ?? all.at(-1);
  return last ? { token: last, strategy: 'last' } : null;
}

function cuedToken(text: string, all: readonly NumberToken[]): NumberToken | null {
  const cues = [...text.matchAll(CUE)];
  for (let i = cues.length - 1; i >= 0; i--) {
    const end = (cues[i]!.index ?? 0) + cues[i]![0].length;
    const next = all.find((token) => token.index >= end);
    if (next && next.index - end <= CUE_WINDOW && !/[.;!?\n]/.test(text.slice(end, next.index))) return next;
  }
  return null;
}

/** Whether an unclosed `(` or `[` precedes the offset. */
function insideParentheses(text: string, offset: number): boolean {
  let depth = 0;
  for (let i = 0; i < offset; i++) {
    const ch = text[i];
    if (ch === '(' || ch === '[') depth++;
    else if ((ch === ')' || ch === ']') && depth > 0) depth--;
  }
  return depth > 0;
}

function emphasizedTokens(text: string): NumberToken[] {
  const tokens: NumberToken[] = [];
  for (const match of text.matchAll(EMPHASIS)) {
    const inner = (match[1] ?? match[2] ?? '').trim();
    const found = findNumberTokens(inner);
    const [only] = found;
    if (found.length === 1 && only && only.index === 0 && only.text.length === inner.length) tokens.push(only);
  }
  return tokens;
}
