/**
 * Reading and checking ConvFinQA records (the cleaned `convfinqa_dataset.json` shape). A record is accepted
 * only when every field has the expected type, the per-turn lists line up, every program parses, and
 * executing it reproduces the recorded answer: then the oracle agent can score 100% on it by construction.
 */
import type { StepValue } from './arithmetic.js';
import { parseProgram } from './program.js';
import { planTurn, rememberComputations, type TurnPlan } from './turn-plan.js';

/** A table, column-major as in the dataset: `table[column_header][row_label]`. */
export type DocumentTable = Readonly<Record<string, Readonly<Record<string, number | string>>>>;

export interface ConvFinQARecord {
  readonly id: string;
  readonly pre_text: string;
  readonly post_text: string;
  readonly table: DocumentTable;
  readonly questions: readonly string[];
  readonly programs: readonly string[];
  readonly executed_answers: readonly StepValue[];
}

export interface CheckedRecord {
  readonly record: ConvFinQARecord;
  readonly plans: readonly TurnPlan[];
}

/** A malformed record; `field` is the path inside the record, e.g. `dialogue.turn_program[2]`. */
export class RecordError extends Error {
  readonly code = 'RECORD_INVALID';
  constructor(
    readonly recordId: string,
    readonly field: string,
    readonly problem: string,
  ) {
    super(`record ${recordId}: ${field}: ${problem}`);
    this.name = 'RecordError';
  }
}

/** Executed answers are rounded to 5 decimals, so a correct program lands within half a unit of the 5th. */
const EXECUTED_ANSWER_TOLERANCE = 5e-6;

type Fields = Readonly<Record<string, unknown>>;

function isObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks one raw record; `position` (e.g. `dev[3]`) names it when its id is unusable. */
export function checkRecord(raw: unknown, position: string): CheckedRecord {
  const fail = (id: string, field: string, problem: string): never => {
    throw new RecordError(id, field, problem);
  };
  if (!isObject(raw)) return fail(position, '(record)', 'must be an object');
  const id = raw['id'];
  if (typeof id !== 'string' || id.trim() === '') return fail(position, 'id', 'must be a non-empty string');
  const named = `"${id}" (${position})`;
  const doc = objectField(raw, 'doc', named);
  const dialogue = objectField(raw, 'dialogue', named);
  const record: ConvFinQARecord = {
    id,
    pre_text: stringField(doc, 'pre_text', named),
    post_text: stringField(doc, 'post_text', named),
    table: readTable(doc['table'], named),
    questions: readQuestions(dialogue, named),
    programs: listField(dialogue, 'turn_program', named, isString, 'a string'),
    executed_answers: listField(dialogue, 'executed_answers', named, isExecutedAnswer, 'a number, "yes" or "no"'),
  };
  checkLengths(dialogue, record, named);
  return { record, plans: planRecord(record, named) };
}

function objectField(parent: Fields, key: string, named: string): Fields {
  const value = parent[key];
  if (!isObject(value)) throw new RecordError(named, key, 'must be an object');
  return value;
}

function stringField(doc: Fields, key: string, named: string): string {
  const value = doc[key];
  if (typeof value !== 'string') throw new RecordError(named, `doc.${key}`, 'must be a string');
  return value;
}

function readTable(value: unknown, named: string): DocumentTable {
  if (!isObject(value)) throw new RecordError(named, 'doc.table', 'must be an object of columns');
  for (const [column, cells] of Object.entries(value)) {
    const field = `doc.table[${JSON.stringify(column)}]`;
    if (!isObject(cells)) throw new RecordError(named, field, 'must be an object mapping row labels to cells');
    for (const [row, cell] of Object.entries(cells)) {
      const valid = typeof cell === 'string' || (typeof cell === 'number' && Number.isFinite(cell));
      if (!valid) throw new RecordError(named, `${field}[${JSON.stringify(row)}]`, 'must be a number or a string');
    }
  }
  return value as DocumentTable;
}

function readQuestions(dialogue: Fields, named: string): string[] {
  const questions = listField(dialogue, 'conv_questions', named, isString, 'a string');
  if (questions.length === 0)
    throw new RecordError(named, 'dialogue.conv_questions', 'must hold at least one question');
  questions.forEach((question, index) => {
    if (question.trim() === '') throw new RecordError(named, `dialogue.conv_questions[${index}]`, 'is blank');
  });
  return questions;
}

function listField<T>(
  dialogue: Fields,
  key: string,
  named: string,
  accepts: (value: unknown) => value is T,
  expected: string,
): T[] {
  const value: unknown = dialogue[key];
  if (!Array.isArray(value)) throw new RecordError(named, `dialogue.${key}`, 'must be a list');
  return value.map((item: unknown, index) => {
    if (!accepts(item)) throw new RecordError(named, `dialogue.${key}[${index}]`, `must be ${expected}`);
    return item;
  });
}

function isString(value: unknown): value is string {
  return typeof value === 'string';
}

function isExecutedAnswer(value: unknown): value is StepValue {
  return (typeof value === 'number' && Number.isFinite(value)) || value === 'yes' || value === 'no';
}

function checkLengths(dialogue: Fields, record: ConvFinQARecord, named: string): void {
  const turns = record.questions.length;
  const lists: Array<[string, unknown]> = [
    ['turn_program', record.programs],
    ['executed_answers', record.executed_answers],
    ['conv_answers', dialogue['conv_answers']],
  ];
  for (const [key, list] of lists) {
    if (key === 'conv_answers' && list === undefined) continue;
    if (!Array.isArray(list) || list.length !== turns) {
      const length = Array.isArray(list) ? list.length : 'not a list';
      throw new RecordError(named, `dialogue.${key}`, `has ${length} entries but there are ${turns} questions`);
    }
  }
}

function planRecord(record: ConvFinQARecord, named: string): TurnPlan[] {
  const known = new Set<string>();
  return record.programs.map((text, index) => {
    const field = `dialogue.turn_program[${index}]`;
    let plan: TurnPlan;
    try {
      plan = planTurn(parseProgram(text), known);
    } catch (error) {
      throw new RecordError(named, field, error instanceof Error ? error.message : String(error));
    }
    checkAnswer(plan.answer, record.executed_answers[index], index, named);
    rememberComputations(plan, known);
    return plan;
  });
}

function checkAnswer(answer: StepValue, recorded: StepValue | undefined, index: number, named: string): void {
  const agrees =
    typeof answer === 'number' && typeof recorded === 'number'
      ? Math.abs(answer - recorded) <= EXECUTED_ANSWER_TOLERANCE + 1e-9 * Math.abs(recorded)
      : answer === recorded;
  if (!agrees) {
    throw new RecordError(
      named,
      `dialogue.executed_answers[${index}]`,
      `is ${String(recorded)} but dialogue.turn_program[${index}] evaluates to ${String(answer)}`,
    );
  }
}
