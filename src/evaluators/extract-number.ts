/**
 * Which number a free-text agent response answers with, for the `numeric` evaluator. In order:
 * 1. `standalone` — the response is only a number (`25587`, `**$25,587**`, `14.1%.`);
 * 2. `emphasis` — otherwise, the last markdown bold span (`**…**` or `__…__`) holding exactly one number and
 *    nothing else, since models bold the answer in a sentence that also quotes its operands: "The change is
 *    **25,587** (206,588 − 181,001)". Bold list markers (`**1.**`) and headings (`**Step 2**`) do not count;
 * 3. `last` — otherwise, the last number of the text, where answers usually conclude ("… so the answer is 25587").
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

export type ExtractionStrategy = 'standalone' | 'emphasis' | 'last';

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
  const last = all.at(-1);
  return last ? { token: last, strategy: 'last' } : null;
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
