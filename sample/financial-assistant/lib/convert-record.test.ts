import { describe, expect, it } from 'vitest';
import { convertRecord, DEFAULT_GRADER } from './convert-record.js';
import { checkRecord, RecordError } from './convfinqa-record.js';
import { renderTable } from './render-document.js';

function record(programs: string[], answers: unknown[], overrides: Record<string, unknown> = {}) {
  return {
    id: 'Single_TEST/2009/page_1.pdf-1',
    doc: {
      pre_text: 'net cash rose .',
      post_text: '.',
      table: { '2009': { 'net cash': 206588, rate: -13.4 }, '2008': { 'net cash': 181001, rate: '' } },
    },
    dialogue: {
      conv_questions: programs.map((_, index) => `question ${index}?`),
      conv_answers: answers.map(String),
      turn_program: programs,
      executed_answers: answers,
      qa_split: programs.map(() => false),
    },
    ...overrides,
  };
}

function convert(raw: unknown) {
  return convertRecord(checkRecord(raw, 'dev[0]'), { grader: DEFAULT_GRADER });
}

describe('convertRecord', () => {
  it('names the test case by the record id and puts the document before the first question', () => {
    const testCase = convert(record(['206588'], [206588]));
    expect(testCase.name).toBe('Single_TEST/2009/page_1.pdf-1');
    const input = testCase.turns[0]?.input ?? '';
    expect(input).toContain('Document id: Single_TEST/2009/page_1.pdf-1');
    expect(input).toContain('net cash rose .');
    // Integer-like keys ("2008", "2009") iterate in ascending order in JavaScript objects.
    expect(input).toContain('| row | 2008 | 2009 |\n| --- | --- | --- |\n| net cash | 181001 | 206588 |');
    expect(input).not.toContain('\n.\n');
    expect(input.indexOf('=== END OF DOCUMENT ===')).toBeLessThan(input.indexOf('Question: question 0?'));
  });

  it('keeps later turns to the question, and the table in the first turn_config for lookup', () => {
    const testCase = convert(record(['206588', '181001'], [206588, 181001]));
    expect(testCase.turns[1]?.input).toBe('question 1?');
    expect(testCase.turns[0]?.turn_config).toMatchObject({
      document_id: 'Single_TEST/2009/page_1.pdf-1',
      turn_program: '206588',
    });
    expect(testCase.turns[0]?.turn_config['table']).toEqual(record([], []).doc.table);
    expect(testCase.turns[1]?.turn_config).toEqual({ turn_program: '181001' });
  });

  it('gives lookup turns no expected tools and the executed answer as ground truth', () => {
    const turn = convert(record(['41.30'], [41.3])).turns[0];
    expect(turn?.ground_truth).toBe('41.3');
    expect(turn).not.toHaveProperty('expected_tools');
  });

  it('leaves to the grader an operand that is a fraction an earlier turn computed, which the agent passes rounded', () => {
    const testCase = convert(
      record(['divide(25587, 181001)', 'divide(25587, 181001), multiply(#0, 100)'], [0.14136, 14.13639]),
    );
    // Turn 2 multiplies turn 1's 0.141364…: the agent passes it on as it answered it (0.1414), so only the 100 is
    // asserted; the grader checks the rest to 5 decimals or 4 significant digits.
    expect(testCase.turns[1]?.expected_tools).toEqual([{ name: 'multiply', args: { b: { fuzzy: '100' } } }]);
    // A short result is passed on as it is: it stays asserted.
    const short = convert(record(['subtract(50, 14.2)', 'subtract(50, 14.2), divide(#0, 2)'], [35.8, 17.9]));
    expect(short.turns[1]?.expected_tools).toEqual([
      { name: 'divide', args: { a: { fuzzy: '35.8' }, b: { fuzzy: '2' } } },
    ]);
  });

  it('asserts only the steps a turn adds, with #N operands by value', () => {
    const testCase = convert(
      record(['subtract(206588, 181001)', 'subtract(206588, 181001), divide(#0, 181001)'], [25587, 0.14136]),
    );
    expect(testCase.turns.map((turn) => turn.expected_tools)).toEqual([
      [{ name: 'subtract', args: { a: { fuzzy: '206588' }, b: { fuzzy: '181001' } } }],
      [{ name: 'divide', args: { a: { fuzzy: '25587' }, b: { fuzzy: '181001' } } }],
    ]);
    expect(testCase.turns[1]?.turn_config).toEqual({
      turn_program: 'subtract(206588, 181001), divide(#0, 181001)',
      reused_steps: [0],
    });
    expect(testCase.turns[1]?.ground_truth).toBe('0.14136');
  });

  it('writes constants by value and percent literals as fractions', () => {
    const testCase = convert(record(['divide(932, 13.4%), multiply(#0, const_m1)'], [-6955.22388]));
    expect(testCase.turns[0]?.expected_tools).toEqual([
      { name: 'divide', args: { a: { fuzzy: '932' }, b: { fuzzy: '0.134' } } },
      { name: 'multiply', args: { a: { fuzzy: '6955.22388059701' }, b: { fuzzy: '-1' } } },
    ]);
  });

  it('counts a step that appears twice instead of asserting it twice', () => {
    const testCase = convert(record(['add(1, 2), add(1, 2), add(#0, #1)'], [6]));
    expect(testCase.turns[0]?.expected_tools).toEqual([
      { name: 'add', args: { a: { fuzzy: '1' }, b: { fuzzy: '2' } }, count: 2 },
      { name: 'add', args: { a: { fuzzy: '3' }, b: { fuzzy: '3' } } },
    ]);
  });

  it('compares yes/no answers as text and keeps the grader on those turns', () => {
    const turn = convert(record(['greater(206588, 181001)'], ['yes'])).turns[0];
    expect(turn?.ground_truth).toBe('yes');
    expect(turn?.evaluations).toEqual([
      { type: 'standard', metric: 'equality', case_insensitive: true, strip_whitespace: true, strip_punctuation: true },
      { type: 'code', name: 'turn_program_equivalence', grader: DEFAULT_GRADER },
    ]);
  });
});

describe('checkRecord', () => {
  it.each([
    [{ ...record(['1'], [1]), id: '' }, 'dev[0]', 'id'],
    [{ ...record(['1'], [1]), doc: 'text' }, 'Single_TEST', 'doc'],
    [
      record(['1'], [1], { dialogue: { conv_questions: ['q'], turn_program: ['1'] } }),
      'Single_TEST',
      'dialogue.executed_answers',
    ],
    [record(['1'], [1, 2]), 'Single_TEST', 'dialogue.executed_answers'],
    [
      record(['1'], [1], { dialogue: { ...record(['1'], [1]).dialogue, conv_questions: ['  '] } }),
      'Single_TEST',
      'dialogue.conv_questions[0]',
    ],
    [
      record(['1'], [1], { dialogue: { ...record(['1'], [1]).dialogue, conv_answers: [] } }),
      'Single_TEST',
      'dialogue.conv_answers',
    ],
    [record(['1'], [{ value: 1 }]), 'Single_TEST', 'dialogue.executed_answers[0]'],
    [record(['divide(1, 0)'], [1]), 'Single_TEST', 'dialogue.turn_program[0]'],
    [record(['add(1, 2)'], [4]), 'Single_TEST', 'dialogue.executed_answers[0]'],
  ])('rejects a malformed record naming the record and the field (%#)', (raw, id, field) => {
    expect(() => checkRecord(raw, 'dev[0]')).toThrow(RecordError);
    try {
      checkRecord(raw, 'dev[0]');
    } catch (error) {
      expect((error as RecordError).recordId).toContain(id);
      expect((error as RecordError).field).toBe(field);
    }
  });

  it('accepts an executed answer rounded to 5 decimals', () => {
    expect(() => checkRecord(record(['divide(1, 3)'], [0.33333]), 'dev[0]')).not.toThrow();
    expect(() => checkRecord(record(['divide(1, 3)'], [0.3333]), 'dev[0]')).toThrow('evaluates to 0.333333333333333');
  });
});

describe('renderTable', () => {
  it('renders rows as lines, escapes pipes and keeps empty cells', () => {
    expect(renderTable({ 'a|b': { x: 1, y: '' }, c: { x: 2.5 } })).toBe(
      ['| row | a\\|b | c |', '| --- | --- | --- |', '| x | 1 | 2.5 |', '| y |  |  |'].join('\n'),
    );
    expect(renderTable({})).toBe('(the document has no table)');
  });
});
