/**
 * A script for model matrices: one server, several model names, each answering from the same table of
 * questions — except the questions listed for a model under `wrong`, which that model answers wrongly.
 */
import { lastUserText } from './fake-request-view.js';
import { answer, type FakeScript } from './fake-script.js';

export interface ModelMatrixScriptOptions {
  /** Question → the right answer. */
  readonly answers: Readonly<Record<string, string>>;
  /** Model name → the questions it gets wrong. */
  readonly wrong?: Readonly<Record<string, readonly string[]>>;
  /** Model name → how long it takes to answer, in ms. */
  readonly delay_ms?: Readonly<Record<string, number>>;
}

export function createModelMatrixScript(options: ModelMatrixScriptOptions): FakeScript {
  return (request) => {
    const question = lastUserText(request);
    const right = options.answers[question] ?? `no answer for "${question}"`;
    const wrong = options.wrong?.[request.model]?.includes(question) === true;
    const reply = answer(wrong ? `not ${right}` : right);
    const delay = options.delay_ms?.[request.model];
    return delay === undefined ? reply : { ...reply, delay_ms: delay };
  };
}
