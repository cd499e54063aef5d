/**
 * A stateless script for the ConvFinQA-shaped JKHY 2009 conversation. Each request is answered from the
 * request alone (which question is asked, and which tool results arrived since the last user message), so
 * one server can serve many parallel sessions. Knobs make it wrong on purpose at a chosen turn (counted
 * by user messages in the conversation, from 1).
 */
import { lastUserText, numberIn, offeredTool, toolResultsSinceLastUser, userTurn } from './fake-request-view.js';
import type { FakeReply, FakeRequest, FakeScript } from './fake-script.js';

export const JKHY_2009 = {
  name: 'JKHY-2009',
  table: { '2009': 206588, '2008': 181001 } as const,
  turns: [
    { input: 'what is the net cash from operating activities in 2009?', ground_truth: '206588', program: '206588' },
    { input: 'what about in 2008?', ground_truth: '181001', program: '181001' },
    { input: 'what is the difference?', ground_truth: '25587', program: 'subtract(206588, 181001)' },
    {
      input: 'what percentage change does this represent?',
      ground_truth: '0.14136',
      program: 'subtract(206588, 181001), divide(#0, 181001)',
    },
  ],
} as const;

export interface ConvFinQaScriptOptions {
  /** 1-based turn whose final answer is wrong (the tools are still called correctly). */
  readonly wrong_answer_turn?: number;
  readonly wrong_answer_text?: string;
  /** 1-based turn whose first tool call gets a wrong argument (e.g. subtract(206588, 180000)). */
  readonly wrong_args_turn?: number;
  /** 1-based turn answered from memory, without calling any tool. */
  readonly no_tools_turn?: number;
  /** `bare` answers just the number; `sentence` wraps it in a sentence. */
  readonly answer_style?: 'bare' | 'sentence';
  readonly delay_ms?: number;
  /** Argument names of the lookup tool. */
  readonly lookup_keys?: { readonly row: string; readonly column: string };
}

type ToolName = 'lookup' | 'subtract' | 'divide';

interface Step {
  readonly tool: ToolName;
  readonly args: (wrong: boolean, keys: { row: string; column: string }) => Record<string, unknown>;
  /** The value the step yields, for answering without tools; `prior` holds earlier steps' values. */
  readonly value: (prior: readonly number[]) => number;
}

const ROW = 'net cash from operating activities';

const lookup = (year: '2009' | '2008', wrongYear: string): Step => ({
  tool: 'lookup',
  args: (wrong, keys) => ({ [keys.row]: ROW, [keys.column]: wrong ? wrongYear : year }),
  value: () => JKHY_2009.table[year],
});

const subtract: Step = {
  tool: 'subtract',
  args: (wrong) => ({ a: 206588, b: wrong ? 180000 : 181001 }),
  value: () => 206588 - 181001,
};

/** `divide(#0, 181001)`: the dividend is the previous step's result, taken from the tool result. */
const divideFirstResult = (dividend: number): Step => ({
  tool: 'divide',
  args: (wrong) => ({ a: dividend, b: wrong ? 180000 : 181001 }),
  value: (prior) => (prior[0] ?? 0) / 181001,
});

/** Which of the four questions is asked: the known question text, else the position in the conversation. */
function questionNumber(request: FakeRequest): number {
  const text = lastUserText(request).trim().toLowerCase();
  const known = JKHY_2009.turns.findIndex((t) => text.endsWith(t.input));
  return known >= 0 ? known + 1 : userTurn(request);
}

function plan(question: number, results: readonly number[]): readonly Step[] {
  switch (question) {
    case 1:
      return [lookup('2009', '2008')];
    case 2:
      return [lookup('2008', '2009')];
    case 3:
      return [subtract];
    case 4:
      return [subtract, divideFirstResult(results[0] ?? 0)];
    default:
      return [];
  }
}

export function formatNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Number(value.toFixed(5)));
}

export function createConvFinQaScript(options: ConvFinQaScriptOptions = {}): FakeScript {
  const keys = options.lookup_keys ?? { row: 'row', column: 'column' };
  const withDelay = (reply: FakeReply): FakeReply =>
    options.delay_ms === undefined ? reply : { ...reply, delay_ms: options.delay_ms };
  const say = (turn: number, value: number | string): FakeReply => {
    const text = turn === options.wrong_answer_turn ? (options.wrong_answer_text ?? '25000') : String(value);
    return withDelay({ kind: 'answer', text: options.answer_style === 'sentence' ? `The answer is ${text}.` : text });
  };

  return (request: FakeRequest): FakeReply => {
    const turn = userTurn(request);
    const received = toolResultsSinceLastUser(request);
    const failed = received.find((r) => r.is_error || numberIn(r.content) === null);
    if (failed !== undefined) return say(turn, `I could not compute that: ${failed.content}`);
    const values = received.map((r) => numberIn(r.content) ?? 0);
    const steps = plan(questionNumber(request), values);
    if (steps.length === 0) return say(turn, 'I have nothing to add.');
    const toolsOffered = steps.every((s) => offeredTool(request, s.tool) !== null);
    if (!toolsOffered || turn === options.no_tools_turn) {
      const local: number[] = [];
      for (const step of steps) local.push(step.value(local));
      return say(turn, formatNumber(local[local.length - 1] ?? 0));
    }
    const next = steps[values.length];
    if (next === undefined) return say(turn, formatNumber(values[values.length - 1] ?? 0));
    const wrong = turn === options.wrong_args_turn && values.length === 0;
    const name = offeredTool(request, next.tool) ?? next.tool;
    return withDelay({ kind: 'answer', tool_calls: [{ name, args: next.args(wrong, keys) }] });
  };
}

/** The standalone server's entry point: `--script test/fakes/convfinqa-script.ts --options '{...}'`. */
export function createScript(options: Readonly<Record<string, unknown>>): FakeScript {
  return createConvFinQaScript(options as ConvFinQaScriptOptions);
}
