/**
 * Answers written the way chat models write numbers in financial answers, for the finance-formats variant of
 * the reference agent and the `numeric_formats_gain` script: a sentence around the number, currency signs and
 * codes, thousands separators, scale words for large amounts (`$1.235 million`, `2.5bn`), percentages for
 * fractions (`14.14 %`), and negatives as accountants and typesetters write them — in parentheses
 * (`(1,234.5)`, `$(240)`), with an en dash (`–4`) or a true minus sign (`−4`).
 *
 * The style of each answer is picked by `variant` (e.g. the turn's position), so a run covers every style and
 * is the same every time. The number is rounded as a model would round it: 4 significant digits before a
 * scale word, 2 decimals in a percentage or an amount — within the tolerance the sample's numeric metric sets.
 */
import type { StepValue } from './arithmetic.js';

const grouped = (value: number, decimals: number): string =>
  value.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: decimals });

/** A positive amount in one of the ways models write it. */
function amount(value: number, variant: number): string {
  if (value >= 1e9)
    return variant % 2 === 0 ? `$${(value / 1e9).toPrecision(4)}bn` : `${(value / 1e9).toPrecision(4)} billion`;
  if (value >= 1e6)
    return variant % 2 === 0 ? `$${(value / 1e6).toPrecision(4)} million` : `€${(value / 1e6).toPrecision(4)}m`;
  if (value >= 1000)
    return [`$${grouped(value, 2)}`, `USD ${grouped(value, 2)}`, `${grouped(value, 2)}`][variant % 3] ?? '';
  return grouped(value, 5);
}

/** A fraction as a percentage: `14.14 %` or `14.14%`. */
function percent(value: number, variant: number): string {
  const text = (value * 100).toFixed(2);
  return variant % 2 === 0 ? `${text} %` : `${text}%`;
}

/** The number alone, as written: negatives in parentheses, with an en dash or a minus sign. */
export function financeNumber(value: number, variant: number): string {
  const magnitude = Math.abs(value);
  const fraction = magnitude > 0 && magnitude < 1;
  const body = fraction ? percent(magnitude, variant) : amount(magnitude, variant);
  if (value >= 0) return body;
  switch (variant % 4) {
    case 0:
      return fraction ? `(${body.replace(/ ?%$/, '')})%` : `(${body})`;
    case 1:
      return `–${body}`;
    case 2:
      return `\u2212${body}`;
    default:
      return fraction || body.startsWith('$') ? `–${body}` : `$(${body})`;
  }
}

const SENTENCES = [
  (n: string) => `The answer is ${n}.`,
  (n: string) => `Based on the table, the result is **${n}**.`,
  (n: string) => `${n}`,
  (n: string) => `That comes to ${n}, according to the figures reported.`,
];

/** A whole answer: the number in a sentence; `yes` / `no` stay as they are. */
export function financeAnswer(value: StepValue, variant: number): string {
  if (typeof value !== 'number') return value;
  const sentence = SENTENCES[variant % SENTENCES.length] ?? SENTENCES[0];
  return sentence ? sentence(financeNumber(value, Math.floor(variant / SENTENCES.length))) : String(value);
}
