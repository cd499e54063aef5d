/** The dashboard page's cost figures (page/format-cost.js), as the browser runs them. */
import { describe, expect, it } from 'vitest';
import { ZERO_COST } from '../core/cost.js';
import type { CostFields } from '../core/results.js';

interface PageCost {
  costFigures(fields: CostFields): { value: string; detail: string | null; known: boolean } | null;
  usageUnknown(cost: CostFields['cost']): boolean;
}

const { costFigures, usageUnknown } = (await import(
  new URL('./page/format-cost.js', import.meta.url).href
)) as PageCost;

const unknownCost = (unpriced: string[]) => ({
  cost_usd: null,
  cost: { ...ZERO_COST, agent_usd: null, unpriced_models: unpriced },
});

describe('the dashboard cost figures', () => {
  it('says a call reported no token usage, not that its priced model has no price', () => {
    const figures = costFigures(unknownCost(['openai:gpt-4o-mini (no token usage reported)']));
    expect(figures).toMatchObject({ value: 'unknown', detail: 'no token usage reported by openai:gpt-4o-mini' });
  });

  it('says a request was abandoned before it answered, beside a model without a price', () => {
    const figures = costFigures(
      unknownCost(['openai:gpt-4o-mini (request abandoned before it answered)', 'openai_compatible:house-model']),
    );
    expect(figures?.detail).toBe(
      'no price for openai_compatible:house-model · no token usage for a request to openai:gpt-4o-mini abandoned before it answered',
    );
  });

  it('tells token counts that leave out calls of unknown usage', () => {
    expect(usageUnknown(unknownCost(['openai:gpt-4o-mini (no token usage reported)']).cost)).toBe(true);
    expect(usageUnknown(unknownCost(['openai:gpt-4o-mini (request abandoned before it answered)']).cost)).toBe(true);
    expect(usageUnknown(unknownCost(['openai_compatible:house-model']).cost)).toBe(false);
    expect(usageUnknown(undefined)).toBe(false);
  });
});
