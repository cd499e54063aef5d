import { describe, expect, it } from 'vitest';
import type { GraderContext, ToolInvocation } from '../../../src/index.js';
import { add, divide, exp, greater, multiply, subtract } from '../tools/arithmetic.js';
import { turnProgramEquivalence } from './turn_program_equivalence.js';

const TOOLS = { add, subtract, multiply, divide, exp, greater };
type Operation = keyof typeof TOOLS;

/** A successful call, with the result the real tool gives. */
function call(name: Operation, a: unknown, b: unknown): ToolInvocation {
  const args = { a, b };
  return { name, args, result: TOOLS[name].execute(args), error: null, duration_ms: 1 };
}

function grade(turnConfig: Record<string, unknown>, invocations: ToolInvocation[]) {
  const context: GraderContext = {
    turn_input: 'question',
    agent_response: '',
    ground_truth: null,
    tool_invocations: invocations,
    retrieval_context: null,
    turn_index: 0,
    test_case_name: 'case',
    turn_config: turnConfig,
    turn: {},
    earlier_turns: [],
  };
  return turnProgramEquivalence(context);
}

const CHANGE_RATIO = 'subtract(206588, 181001), divide(#0, 181001)';

describe('turnProgramEquivalence', () => {
  it('passes calls that carry out the program in order', () => {
    const result = grade({ turn_program: CHANGE_RATIO }, [
      call('subtract', 206588, 181001),
      call('divide', 25587, 181001),
    ]);
    expect(result).toMatchObject({ score: 1, passed: true });
    expect(result.reason).toBe('matches the program: subtract(206588, 181001) called; divide(25587, 181001) called');
  });

  it('names the first wrong operand', () => {
    const result = grade({ turn_program: CHANGE_RATIO }, [
      call('subtract', 206588, 181001),
      call('divide', 25587, 180000),
    ]);
    expect(result.passed).toBe(false);
    expect(result.reason).toBe('step 1: expected divide(25587, 181001), got divide(25587, 180000)');
    expect(result.score).toBeLessThan(1);
  });

  it('names the wrong operand of an earlier step even when later steps follow from it', () => {
    const result = grade({ turn_program: CHANGE_RATIO }, [
      call('subtract', 206588, 180000),
      call('divide', 26588, 181001),
    ]);
    expect(result.reason).toBe('step 0: expected subtract(206588, 181001), got subtract(206588, 180000)');
  });

  it('fails steps done in the wrong order', () => {
    const program = 'subtract(60.94, 25.14), subtract(37.84, 25.14), divide(#0, #1)';
    const result = grade({ turn_program: program }, [
      call('subtract', 37.84, 25.14),
      call('subtract', 60.94, 25.14),
      call('divide', 35.8, 12.7),
    ]);
    expect(result.passed).toBe(false);
    expect(result.reason).toBe('step 0: expected subtract(60.94, 25.14), got subtract(37.84, 25.14)');
  });

  it('fails swapped operands of an operation that is not commutative', () => {
    const result = grade({ turn_program: 'subtract(60.94, 25.14)' }, [call('subtract', 25.14, 60.94)]);
    expect(result.reason).toBe('step 0: expected subtract(60.94, 25.14), got subtract(25.14, 60.94)');
  });

  it('accepts swapped operands of add and multiply', () => {
    expect(grade({ turn_program: 'add(189, 68)' }, [call('add', 68, 189)]).passed).toBe(true);
    expect(grade({ turn_program: 'multiply(526.5, 2.4%)' }, [call('multiply', '2.4%', 526.5)]).passed).toBe(true);
  });

  it('fails a missing last step', () => {
    const result = grade({ turn_program: CHANGE_RATIO }, [call('subtract', 206588, 181001)]);
    expect(result.passed).toBe(false);
    expect(result.reason).toBe('step 1: expected divide(25587, 181001), got no call');
    expect(result.score).toBe(0.5);
  });

  it('fails a turn with no calls when the program needs arithmetic', () => {
    const result = grade({ turn_program: 'subtract(60.94, 25.14)' }, []);
    expect(result).toMatchObject({
      score: 0,
      passed: false,
      reason: 'step 0: expected subtract(60.94, 25.14), got no call',
    });
  });

  it('fails a missing earlier step whose value the agent never used', () => {
    const result = grade({ turn_program: CHANGE_RATIO }, [call('divide', 25000, 181001)]);
    expect(result.reason).toBe('step 0: expected subtract(206588, 181001), got divide(25000, 181001)');
  });

  it('fails extra calls after the last step', () => {
    const result = grade({ turn_program: 'divide(3.8, 35.1)' }, [
      call('divide', 3.8, 35.1),
      call('multiply', 0.108262108262108, 100),
    ]);
    expect(result.passed).toBe(false);
    expect(result.reason).toBe("unexpected call multiply(0.1082621083, 100) after the program's last step");
  });

  it('resolves #N chains to the results of the matching calls', () => {
    const program = 'subtract(211.67, 100), divide(#0, 100), subtract(286.13, 100), divide(#2, 100), subtract(#3, #1)';
    const calls = [
      call('subtract', 211.67, 100),
      call('divide', 111.67, 100),
      call('subtract', 286.13, 100),
      call('divide', 186.13, 100),
      call('subtract', 1.8613, 1.1167),
    ];
    expect(grade({ turn_program: program }, calls)).toMatchObject({ score: 1, passed: true });
    const wrong = [...calls.slice(0, 4), call('subtract', 1.1167, 1.8613)];
    expect(grade({ turn_program: program }, wrong).reason).toBe(
      'step 4: expected subtract(1.8613, 1.1167), got subtract(1.1167, 1.8613)',
    );
  });

  it('accepts a carried-over result rounded to 4 significant digits, not a different number', () => {
    const program = 'divide(25587, 181001), multiply(#0, const_100)';
    expect(
      grade({ turn_program: program }, [call('divide', 25587, 181001), call('multiply', 0.1414, 100)]).passed,
    ).toBe(true);
    expect(grade({ turn_program: program }, [call('divide', 25587, 181001), call('multiply', 0.15, 100)]).reason).toBe(
      'step 1: expected multiply(0.1413638599, 100), got multiply(0.15, 100)',
    );
  });

  it('reads percent literals as fractions, written either way', () => {
    const program = 'divide(932, 13.4%), divide(#0, const_1000)';
    const asFraction = [call('divide', 932, 0.134), call('divide', 6955.223880597015, 1000)];
    const asPercent = [call('divide', '932', '13.4%'), call('divide', 6955.22388059701, '1,000')];
    expect(grade({ turn_program: program }, asFraction).passed).toBe(true);
    expect(grade({ turn_program: program }, asPercent).passed).toBe(true);
    expect(grade({ turn_program: program }, [call('divide', 932, 13.4), call('divide', 69.55, 1000)]).reason).toBe(
      'step 0: expected divide(932, 0.134), got divide(932, 13.4)',
    );
  });

  it('lets the agent reuse steps an earlier turn computed (turn_config.reused_steps)', () => {
    const config = { turn_program: CHANGE_RATIO, reused_steps: [0] };
    expect(grade(config, [call('divide', 25587, 181001)])).toMatchObject({ score: 1, passed: true });
    expect(grade(config, [call('divide', 25587, 181001)]).reason).toBe(
      'matches the program: subtract(206588, 181001) reused from an earlier turn; divide(25587, 181001) called',
    );
    expect(grade(config, [call('subtract', 206588, 181001), call('divide', 25587, 181001)]).passed).toBe(true);
  });

  it('passes a repeated question answered from memory when its last step is reusable', () => {
    expect(grade({ turn_program: 'subtract(442.3, 403.3)', reused_steps: [0] }, []).passed).toBe(true);
    expect(grade({ turn_program: 'subtract(442.3, 403.3)' }, []).passed).toBe(false);
  });

  it('lets a skipped step through when a later call used its value (the earlier answer was carried over)', () => {
    const result = grade({ turn_program: CHANGE_RATIO }, [call('divide', 25587, 181001)]);
    expect(result).toMatchObject({ score: 1, passed: true });
    expect(result.reason).toContain('subtract(206588, 181001) carried over');
  });

  it('does not require steps the answer does not use', () => {
    const program = 'subtract(129.05, 110.28), divide(100000, const_100)';
    expect(grade({ turn_program: program }, [call('divide', 100000, 100)]).passed).toBe(true);
  });

  it('grades greater', () => {
    const program = 'subtract(17.84, 4.11), subtract(60.15, 41.30), greater(#0, #1)';
    expect(grade({ turn_program: program, reused_steps: [0, 1] }, [call('greater', 13.73, 18.85)]).passed).toBe(true);
    expect(grade({ turn_program: program, reused_steps: [0, 1] }, [call('greater', 18.85, 13.73)]).reason).toBe(
      'step 2: expected greater(13.73, 18.85), got greater(18.85, 13.73)',
    );
  });

  it('passes a lookup turn without arithmetic, or whose last calculation gives the value', () => {
    expect(grade({ turn_program: '60.94' }, [])).toMatchObject({
      passed: true,
      reason: 'lookup turn: no arithmetic needed',
    });
    expect(grade({ turn_program: '13.4%' }, [call('divide', 13.4, 100)]).passed).toBe(true);
    expect(grade({ turn_program: '60.94' }, [call('subtract', 60.94, 25.14)]).reason).toBe(
      'lookup turn: expected the value 60.94 without arithmetic, got subtract(60.94, 25.14)',
    );
  });

  it('ignores lookups and failed calls, and recognises prefixed tool names', () => {
    const lookup: ToolInvocation = { name: 'lookup', args: { row: 'x' }, result: 206588, error: null, duration_ms: 1 };
    const failed: ToolInvocation = {
      name: 'divide',
      args: { a: 1, b: 0 },
      result: null,
      error: 'division by zero',
      duration_ms: 1,
    };
    const prefixed = { ...call('subtract', 206588, 181001), name: 'mcp__finance__subtract' };
    const result = grade({ turn_program: CHANGE_RATIO }, [lookup, prefixed, failed, call('divide', 25587, 181001)]);
    expect(result.passed).toBe(true);
  });

  it('accepts numbers passed as text with separators', () => {
    const calls = [call('subtract', '206,588', '$181,001'), call('divide', '25,587', 181001)];
    expect(grade({ turn_program: CHANGE_RATIO }, calls).passed).toBe(true);
  });

  it('reports per-step details', () => {
    const result = grade({ turn_program: CHANGE_RATIO, reused_steps: [0] }, [call('divide', 25587, 181001)]);
    expect(result.details).toEqual({
      turn_program: CHANGE_RATIO,
      steps: [
        { step: 0, expected: 'subtract(206588, 181001)', status: 'reused', call: null },
        { step: 1, expected: 'divide(25587, 181001)', status: 'called', call: 0 },
      ],
      extra_calls: [],
    });
  });

  it.each([
    [{}, 'turn_config.turn_program is missing'],
    [{ turn_program: 42 }, 'turn_config.turn_program is missing'],
    [{ turn_program: 'table_sum(x, none)' }, 'unknown operation "table_sum"'],
    [{ turn_program: 'divide(1, 0)' }, 'cannot be evaluated: divide: division by zero'],
    [{ turn_program: CHANGE_RATIO, reused_steps: 'all' }, 'reused_steps must be a list of step numbers'],
    [{ turn_program: CHANGE_RATIO, reused_steps: [-1] }, 'reused_steps must be a list of step numbers'],
  ])('fails with a reason on an unusable turn_config %j', (config, reason) => {
    const result = grade(config, []);
    expect(result).toMatchObject({ score: 0, passed: false });
    expect(result.reason).toContain(reason);
  });
});
