/**
 * What `--record FILE`, `--replay FILE`, `--cache` (or `execution.cache: true`) and `--cache-dir` ask of a run,
 * checked before any model is called: one of record and replay at most, not with `--cache`; only ai_sdk agents
 * (their model calls and their judges') can be recorded, replayed or cached; a cassette to record goes into a
 * folder that exists. A refusal is a usage error (exit 2) saying which option and why.
 */
import { stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { RecordingMode } from '../backends/ai-sdk/recording/model-recording.js';
import type { AgentConfig } from '../core/config-types.js';
import { cacheDirOf } from './default-cache-dir.js';

export interface RecordingOptions {
  readonly record: string | undefined;
  readonly replay: string | undefined;
  /** `--cache` on the command line. */
  readonly cache: boolean;
  readonly cacheDir: string | undefined;
}

export type PlannedRecording =
  | { readonly ok: true; readonly mode: RecordingMode | null }
  | { readonly ok: false; readonly message: string };

export async function planRecording(
  config: AgentConfig,
  options: RecordingOptions,
  env: Readonly<Record<string, string | undefined>>,
): Promise<PlannedRecording> {
  const fail = (message: string): PlannedRecording => ({ ok: false, message });
  if (options.record !== undefined && options.replay !== undefined) {
    return fail('--record and --replay cannot be used together: record a cassette first, then replay it');
  }
  const cassette = options.record !== undefined ? '--record' : options.replay !== undefined ? '--replay' : null;
  if (cassette !== null && options.cache) {
    return fail(`${cassette} and --cache cannot be used together: a cassette already answers every request it holds`);
  }
  const asked =
    cassette ?? (options.cache ? '--cache' : config.execution.cache === true ? 'execution.cache: true' : null);
  // `--cache-dir` names the cache's folder: without the cache on, it would be read by nothing.
  if (options.cacheDir !== undefined && (asked === null || cassette !== null)) {
    const instead =
      cassette === null ? 'the cache is not on: add --cache (or execution.cache: true)' : `${cassette} uses no cache`;
    return fail(`--cache-dir has nothing to do: ${instead}`);
  }
  if (asked === null) return { ok: true, mode: null };
  if (config.backend.type !== 'ai_sdk') {
    return fail(
      `${asked} is not supported with backend ${config.backend.type}: only ai_sdk agents (and their judges) can have their model calls recorded, replayed or cached`,
    );
  }
  if (options.record !== undefined) {
    if (/[\\/]$/.test(options.record)) return fail(`--record names a file, not a folder: ${options.record}`);
    const path = resolve(options.record);
    const folder = await stat(dirname(path)).catch(() => null);
    if (folder === null || !folder.isDirectory()) {
      return fail(`cannot write the cassette ${options.record}: the folder ${dirname(options.record)} does not exist`);
    }
    return { ok: true, mode: { mode: 'record', path, label: options.record } };
  }
  if (options.replay !== undefined) {
    return { ok: true, mode: { mode: 'replay', path: resolve(options.replay), label: options.replay } };
  }
  return { ok: true, mode: { mode: 'cache', dir: cacheDirOf(options.cacheDir, env), explicit: options.cache } };
}
