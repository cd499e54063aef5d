// @ts-check
/**
 * Cost as the reports write it (core/format-cost.ts): `$0.0123`, `≥ $0.0123` when part of the calls has no
 * price, `unknown` when none could be priced — never `$0` for an unknown price; what was spent when answers came
 * from a cassette or the cache. null: the record has no cost.
 */
/** @import { CostFields } from '../../core/results.js' */

/** @param {number | null | undefined} usd */
export function formatUsd(usd) {
  if (typeof usd !== 'number' || !Number.isFinite(usd)) return '–';
  if (usd === 0) return '$0';
  if (usd >= 1) return `$${usd.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  const digits = Math.min(10, Math.max(2, 3 - Math.floor(Math.log10(usd))));
  return `$${usd.toFixed(digits).replace(/(\.\d\d\d*?)0+$/, '$1')}`;
}

/**
 * `{ value, detail }` for a turn, case or summary with cost fields; null without them.
 * @param {CostFields} fields
 */
export function costFigures(fields) {
  if (fields.cost_usd === undefined && fields.cost === undefined) return null;
  const cost = fields.cost ?? null;
  const unpriced =
    cost !== null && cost.unpriced_models.length > 0 ? `no price for ${cost.unpriced_models.join(', ')}` : null;
  let value;
  if (typeof fields.cost_usd === 'number') value = formatUsd(fields.cost_usd);
  else if (cost === null || cost.priced_usd === 0) value = 'unknown';
  else value = `≥ ${formatUsd(cost.priced_usd)}`;
  const parts = [];
  if (cost !== null && cost.judge_calls > 0) {
    /** @param {number | null} usd */
    const part = (usd) => (usd === null ? 'unknown' : formatUsd(usd));
    parts.push(
      `agent ${part(cost.agent_usd)}`,
      `${cost.judge_calls} judge ${cost.judge_calls === 1 ? 'call' : 'calls'} ${part(cost.judge_usd)}`,
    );
  }
  if (unpriced !== null) parts.push(unpriced);
  const served = cost?.stored?.calls ?? 0;
  if (cost !== null && served > 0) parts.push(spentText(cost, served));
  return { value, detail: parts.length === 0 ? null : parts.join(' · '), known: typeof fields.cost_usd === 'number' };
}

/**
 * What the run paid when answers came from a cassette or the cache (priced in the cost, not paid for now).
 * @param {NonNullable<CostFields['cost']>} cost
 * @param {number} served
 */
function spentText(cost, served) {
  const answers = `${served} model ${served === 1 ? 'answer' : 'answers'} from a cassette or the cache`;
  const priced = Math.max(0, cost.priced_usd - (cost.stored?.priced_usd ?? 0));
  let spent;
  if (typeof cost.spent_usd === 'number') spent = formatUsd(cost.spent_usd);
  else spent = priced > 0 ? `≥ ${formatUsd(priced)}` : 'unknown';
  return `spent ${spent} (${answers})`;
}
