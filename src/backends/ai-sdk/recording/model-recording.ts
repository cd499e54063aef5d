/**
 * What `--record`, `--replay` and `--cache` hand to the AI SDK backend and to every judge: `wrap` puts the
 * recording middleware around a language model, `close` writes the cassette and says what was done.
 */
import type { LanguageModel, LanguageModelMiddleware } from 'ai';
import type { Redactor } from '../../../core/redactor.js';
import { wrapLanguageModel } from '../wrap-language-model.js';
import { readCassette } from './cassette-file.js';
import { createCassettePlayer } from './cassette-player.js';
import { createCassetteRecorder } from './cassette-recorder.js';
import type { ModelCallStore, RunEnding } from './model-call-store.js';
import { recordingMiddleware } from './recording-middleware.js';
import { createResponseCache } from './response-cache.js';

export type RecordingMode =
  | { readonly mode: 'record'; readonly path: string; readonly label: string }
  | { readonly mode: 'replay'; readonly path: string; readonly label: string }
  | { readonly mode: 'cache'; readonly dir: string; readonly explicit: boolean };

/** Whom a wrapped model asks for: the test case of an agent's session (none for a judge), at which endpoint. */
export interface RecordingTarget {
  readonly test_case?: string;
  readonly endpoint: string;
}

export interface ModelRecording {
  readonly mode: RecordingMode['mode'];
  /** The model with the recording middleware around it (a model that is not an AI SDK v3 model is refused). */
  wrap(model: LanguageModel, target: RecordingTarget): Promise<LanguageModel>;
  /** Writes the cassette (record); one line saying what was recorded, replayed or cached. */
  close(ending?: RunEnding): Promise<string>;
  /** Where the answers are looked up and saved (the main thread serves it to case workers, recording-channel.ts). */
  readonly store: ModelCallStore;
}

/** Reads the cassette of a replay first: a missing or malformed one throws CassetteError (file:line). */
export async function openModelRecording(mode: RecordingMode, redactor: Redactor): Promise<ModelRecording> {
  const store = await storeOf(mode);
  return {
    mode: mode.mode,
    wrap: wrapperOf(mode.mode, store, redactor),
    close: (ending) => store.close(ending),
    store,
  };
}

/** Wraps a model in a middleware keyed for its target: the endpoint counts in the cache only. */
export function wrapperOf(
  mode: RecordingMode['mode'],
  store: ModelCallStore,
  redactor: Redactor,
): ModelRecording['wrap'] {
  return (model, target) => {
    const scope = { test_case: target.test_case ?? null, endpoint: mode === 'cache' ? target.endpoint : null };
    // A cassette keeps an answer whose secrets cannot be put back (its replay then fails); the cache does not.
    return wrapRecorded(model, recordingMiddleware(store, redactor, { scope, keep_unrestorable: mode === 'record' }));
  };
}

/** `model` with the recording middleware around it; a model that is not an AI SDK v3 model is refused. */
export async function wrapRecorded(model: LanguageModel, middleware: LanguageModelMiddleware): Promise<LanguageModel> {
  if (typeof model === 'string' || model.specificationVersion !== 'v3') {
    throw new Error(
      `the model ${typeof model === 'string' ? model : model.modelId} cannot be recorded: not an AI SDK v3 model`,
    );
  }
  return wrapLanguageModel(model, middleware);
}

async function storeOf(mode: RecordingMode): Promise<ModelCallStore> {
  switch (mode.mode) {
    case 'record':
      return createCassetteRecorder(mode.path, mode.label);
    case 'replay':
      return createCassettePlayer(await readCassette(mode.path, mode.label), mode.label);
    case 'cache':
      return createResponseCache({ dir: mode.dir, explicit: mode.explicit });
  }
}
