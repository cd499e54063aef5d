import { describe, expect, it } from 'vitest';
import { parseProgram } from './program.js';
import { planDialogue } from './turn-plan.js';

function plan(programs: string[]) {
  return planDialogue(programs.map(parseProgram)).map(({ computed, reused, answer }) => ({ computed, reused, answer }));
}

describe('planDialogue', () => {
  it('computes only the step a turn appends to the previous program', () => {
    expect(plan(['60.94', '25.14', 'subtract(60.94, 25.14)', 'subtract(60.94, 25.14), divide(#0, 25.14)'])).toEqual([
      { computed: [], reused: [], answer: 60.94 },
      { computed: [], reused: [], answer: 25.14 },
      { computed: [0], reused: [], answer: 35.8 },
      { computed: [1], reused: [0], answer: 1.42402545743835 },
    ]);
  });

  it('computes every step of a first multi-step program', () => {
    expect(plan(['subtract(206588, 181001), divide(#0, 181001)'])[0]).toMatchObject({ computed: [0, 1], reused: [] });
  });

  it('skips steps the answer does not depend on', () => {
    const plans = plan([
      'subtract(129.05, 110.28)',
      'subtract(129.05, 110.28), divide(100000, const_100)',
      'subtract(129.05, 110.28), divide(100000, const_100), multiply(#1, #0)',
    ]);
    expect(plans[1]).toMatchObject({ computed: [1], reused: [] });
    expect(plans[2]).toMatchObject({ computed: [2], reused: [0, 1], answer: 18770 });
  });

  it('reuses a computation made in any earlier turn, not only the previous one', () => {
    const plans = plan([
      'subtract(193.5, const_100)',
      'subtract(193.5, const_100), divide(#0, const_100)',
      'subtract(193.5, const_100), subtract(208.1, const_100)',
      'subtract(193.5, const_100), subtract(208.1, const_100), divide(#1, #0)',
    ]);
    expect(plans.map(({ computed, reused }) => ({ computed, reused }))).toEqual([
      { computed: [0], reused: [] },
      { computed: [1], reused: [0] },
      { computed: [1], reused: [] },
      { computed: [2], reused: [0, 1] },
    ]);
  });

  it('computes nothing when a question repeats an earlier computation', () => {
    const plans = plan([
      'subtract(442.3, 403.3)',
      'subtract(442.3, 403.3), divide(#0, 403.3)',
      'subtract(442.3, 403.3)',
    ]);
    expect(plans[2]).toEqual({ computed: [], reused: [0], answer: 39 });
  });

  it('does not count a step that was never needed as computed', () => {
    const plans = plan(['subtract(1, 2), subtract(5, 3)', 'subtract(1, 2), subtract(5, 3), add(#0, 1)']);
    expect(plans[0]).toMatchObject({ computed: [1], reused: [] });
    expect(plans[1]).toMatchObject({ computed: [0, 2], reused: [] });
  });
});
