/**
 * The warnings the AI SDK provider returns with each model call (a setting it dropped or changed), told to the
 * user once each: calling `doGenerate` directly, holodeck gets them in the call's result, where nothing else
 * reads them. The model sits under the rate limiter and the recording, so only calls that reach the provider
 * say anything; answers from a cassette or the cache did not go through it.
 */
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { escapeControlChars } from '../../core/display-controls.js';
import { describeProviderWarning, type WarnedModel } from './describe-provider-warning.js';
import { wrapLanguageModel } from './wrap-language-model.js';

/** Told each warning's text; it says each text once. */
export type WarningSink = (text: string) => void;

export function withProviderWarnings(model: LanguageModelV3, named: WarnedModel, sink: WarningSink): LanguageModelV3 {
  return wrapLanguageModel(model, {
    specificationVersion: 'v3',
    wrapGenerate: async ({ doGenerate, params }) => {
      const result = await doGenerate();
      for (const warning of result.warnings) {
        const text = describeProviderWarning(warning, named, params);
        if (text !== null) sink(text);
      }
      return result;
    },
  });
}

/** A sink that writes each text once, as a `warning:` line. */
export function onceEach(write: (line: string) => void): WarningSink {
  const said = new Set<string>();
  return (text) => {
    if (said.has(text)) return;
    said.add(text);
    write(`warning: ${escapeControlChars(text)}\n`);
  };
}

let processSink: WarningSink = onceEach((line) => process.stderr.write(line));

/**
 * The process's: a run says each provider warning once on stderr, however many calls and judges meet it. In a
 * case worker thread it goes where `sendProcessWarnings` said (the main thread, which says each once for the run).
 */
export const processWarnings: WarningSink = (text) => processSink(text);

/** A case worker thread: its provider warnings go to `sink` instead of its own stderr, each text once. */
export function sendProcessWarnings(sink: WarningSink): void {
  const sent = new Set<string>();
  processSink = (text) => {
    if (sent.has(text)) return;
    sent.add(text);
    sink(text);
  };
}
