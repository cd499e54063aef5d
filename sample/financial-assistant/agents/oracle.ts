/**
 * The reference ("oracle") agent for `backend: { module: "agents/oracle.ts:createOracle" }`.
 *
 * It answers each turn by running the turn's reference program (`turn_config.turn_program`) through the
 * configured tools, the way a careful agent would: it reads the program's numbers from the table with
 * `lookup` when the table has them, computes only the steps the conversation has not computed yet (earlier
 * answers are reused, as the converter's expected_tools assume), and answers with the number alone.
 * It needs no model and no key, so it validates the whole benchmark: it must pass every turn.
 */
import type { ModuleAgentContext, ModuleAgentFactory, ModuleAgentSession, ModuleTurn } from '../../../src/index.js';
import { formatValue, type StepValue } from '../lib/arithmetic.js';
import type { DocumentTable } from '../lib/convfinqa-record.js';
import { parseNumber } from '../lib/parse-number.js';
import { type Operand, type ProgramStep, parseProgram } from '../lib/program.js';
import { tableRows } from '../lib/render-document.js';
import { resolveLabel } from '../lib/table-lookup.js';
import { planTurn, type TurnPlan } from '../lib/turn-plan.js';

interface OracleDocument {
  readonly id: string;
  readonly table: DocumentTable;
}

function isTable(value: unknown): value is DocumentTable {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A cell holding exactly `value` that `lookup` addresses unambiguously by its own labels. */
export function findCell(table: DocumentTable, value: number): { row: string; column: string } | null {
  const columns = Object.keys(table);
  const rows = tableRows(table);
  for (const column of columns) {
    for (const [row, cell] of Object.entries(table[column] ?? {})) {
      if (cell !== value) continue;
      const rowMatch = resolveLabel(row, rows, 'row');
      const columnMatch = resolveLabel(column, columns, 'column');
      if (rowMatch.ok && rowMatch.label === row && columnMatch.ok && columnMatch.label === column) {
        return { row, column };
      }
    }
  }
  return null;
}

/** Writes the turn's answer from its value; `turn` counts the turns the session has answered. */
export type AnswerWriter = (value: StepValue, turn: number, documentId: string) => string;

export class OracleSession implements ModuleAgentSession {
  /** The values of the computations made in earlier turns, by canonical step key. */
  private readonly known = new Map<string, StepValue>();
  private document: OracleDocument | null = null;
  private turns = 0;

  constructor(
    private readonly context: ModuleAgentContext,
    private readonly write: AnswerWriter = formatValue,
  ) {}

  async send(turn: ModuleTurn): Promise<string> {
    this.rememberDocument(turn.turn_config);
    const text = turn.turn_config['turn_program'];
    if (typeof text !== 'string') throw new Error('the oracle needs turn_config.turn_program on every turn');
    const plan = planTurn(parseProgram(text), new Set(this.known.keys()));
    const answer = async (): Promise<StepValue> => {
      if (plan.program.kind === 'value') return this.readNumber(plan.program.value);
      const values = await this.runPlan(plan, plan.program.steps);
      return values[values.length - 1] as StepValue;
    };
    return this.write(await answer(), this.turns++, this.document?.id ?? '');
  }

  private rememberDocument(config: Readonly<Record<string, unknown>>): void {
    const id = config['document_id'];
    const table = config['table'];
    if (typeof id === 'string' && isTable(table)) this.document = { id, table };
  }

  private async runPlan(plan: TurnPlan, steps: readonly ProgramStep[]): Promise<StepValue[]> {
    const values: StepValue[] = [];
    for (const index of plan.reused) values[index] = this.known.get(plan.keys[index] ?? '') as StepValue;
    for (const index of plan.computed) {
      const step = steps[index] as ProgramStep;
      const a = await this.operand(step.operands[0], values);
      const b = await this.operand(step.operands[1], values);
      values[index] = await this.call(step.operation, { a, b });
    }
    for (const index of [...plan.computed, ...plan.reused]) {
      this.known.set(plan.keys[index] ?? '', values[index] as StepValue);
    }
    return values;
  }

  private async operand(operand: Operand, values: readonly StepValue[]): Promise<number> {
    if (operand.kind === 'number') return this.readNumber(operand.value);
    if (operand.kind !== 'reference') return operand.value;
    const value = values[operand.step];
    if (typeof value !== 'number') throw new Error(`step ${operand.step} has no numeric value`);
    return value;
  }

  /** The number as read from the table with `lookup` when the table holds it, else as written. */
  private async readNumber(value: number): Promise<number> {
    const lookup = this.context.tools['lookup'];
    const cell = this.document === null ? null : findCell(this.document.table, value);
    if (lookup === undefined || cell === null || this.document === null) return value;
    const result = parseNumber(await lookup({ document_id: this.document.id, ...cell }));
    if (result !== value) {
      throw new Error(`lookup(${cell.row} / ${cell.column}) returned ${String(result)}, expected ${value}`);
    }
    return result;
  }

  private async call(operation: string, args: { a: number; b: number }): Promise<StepValue> {
    const tool = this.context.tools[operation];
    if (tool === undefined) throw new Error(`the oracle needs the "${operation}" tool: add it to tools: in the config`);
    const result = await tool(args);
    if (result === 'yes' || result === 'no') return result;
    const number = parseNumber(result);
    if (number === null) throw new Error(`${operation} returned ${JSON.stringify(result)}, not a number`);
    return number;
  }
}

export const createOracle: ModuleAgentFactory = (context) => new OracleSession(context);
