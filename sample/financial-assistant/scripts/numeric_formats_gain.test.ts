import { describe, expect, it } from 'vitest';
import { devSplitPath } from '../test-support/dev-split.js';
import { measureGain } from './numeric_formats_gain.js';

describe('numeric_formats_gain', () => {
  it('every numeric dev turn answered in finance notation passes the numeric metric of agent.yaml', async () => {
    const gain = await measureGain(devSplitPath());
    expect(gain.turns).toBe(1486);
    expect(gain.plain).toBe(gain.turns);
    expect(gain.finance).toBe(gain.turns);
    // Every notation is exercised, each on dozens of turns at least.
    expect([...gain.byNotation.keys()].sort()).toEqual([
      'accounting negative (1,234)',
      'currency code USD 3,400',
      'en-dash minus –4',
      'minus sign −4',
      'percent 14.1 %',
      'plain number in a sentence',
      'scale word $1.2 million',
      'thousands separators $25,587',
    ]);
    for (const [, total] of gain.byNotation.values()) expect(total).toBeGreaterThanOrEqual(30);
  });
});
