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
  const unpriced = cost === null ? null : unpricedText(cost.unpriced_models);
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

/** Ends an `unpriced_models` entry whose calls reported no token usage (core/cost.ts). */
const USAGE_UNREPORTED = ' (no token usage reported)';
/** Ends an `unpriced_models` entry whose request was abandoned before it answered (core/cost.ts). */
const USAGE_ABANDONED = ' (request abandoned before it answered)';

/**
 * Why a cost is unknown, as the other reports say it: `no price for openai_compatible:house-model · no token usage
 * reported by openai:gpt-4o-mini`; null when nothing is.
 * @param {readonly string[]} models
 */
function unpricedText(models) {
  /** @param {string} end */
  const ending = (end) => models.filter((model) => model.endsWith(end)).map((model) => model.slice(0, -end.length));
  const unpriced = models.filter((model) => !model.endsWith(USAGE_UNREPORTED) && !model.endsWith(USAGE_ABANDONED));
  const unreported = ending(USAGE_UNREPORTED);
  const abandoned = ending(USAGE_ABANDONED);
  const notes = [
    ...(unpriced.length === 0 ? [] : [`no price for ${unpriced.join(', ')}`]),
    ...(unreported.length === 0 ? [] : [`no token usage reported by ${unreported.join(', ')}`]),
    ...(abandoned.length === 0
      ? []
      : [`no token usage for a request to ${abandoned.join(', ')} abandoned before it answered`]),
  ];
  return notes.length === 0 ? null : notes.join(' · ');
}

/**
 * Whether some call's token usage is unknown (no usage reported, a request abandoned before it answered): token
 * counts are then a lower bound.
 * @param {CostFields['cost']} cost
 */
export function usageUnknown(cost) {
  return (cost?.unpriced_models ?? []).some(
    (model) => model.endsWith(USAGE_UNREPORTED) || model.endsWith(USAGE_ABANDONED),
  );
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
