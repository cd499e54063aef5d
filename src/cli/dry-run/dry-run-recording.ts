/**
 * What `--record`, `--replay` or `--cache` would do to a run that `--dry-run` plans: refused as the run would
 * refuse them (a cassette that is missing or unusable, a backend that cannot be recorded), and said under the
 * plan — a replay spends nothing, the cache may answer part of the run. Nothing is recorded or locked; the
 * places a run writes to are checked as the run checks them.
 */
import { CassetteError, readCassette } from '../../backends/ai-sdk/recording/cassette-file.js';
import type { AgentConfig } from '../../core/config-types.js';
import { countNoun } from '../../core/count-noun.js';
import { recordingPlaceProblem } from '../check-output-places.js';
import { planRecording, type RecordingOptions } from '../plan-recording.js';

export type DryRunRecording =
  | { readonly ok: true; readonly note: string | null }
  | { readonly ok: false; readonly message: string };

export async function dryRunRecording(config: AgentConfig, options: RecordingOptions): Promise<DryRunRecording> {
  const planned = await planRecording(config, options, process.env);
  if (!planned.ok) return planned;
  const mode = planned.mode;
  if (mode === null) return { ok: true, note: null };
  // Where a cassette or the cache's answers would be written is checked as the run checks it (the cache's
  // folder is made, as the run would make it).
  const placeProblem = await recordingPlaceProblem(mode);
  if (placeProblem !== null) return { ok: false, message: placeProblem };
  if (mode.mode === 'record') {
    return { ok: true, note: `the run records every model request and its answer in ${mode.label}` };
  }
  if (mode.mode === 'cache') {
    return {
      ok: true,
      note: `answers found in the cache ${mode.dir} are served and cost nothing now: the run spends at most the cost above`,
    };
  }
  try {
    const entries = await readCassette(mode.path, mode.label);
    const held = countNoun(entries.length, 'recorded request');
    return {
      ok: true,
      note: `every answer comes from the cassette ${mode.label} (${held}): no model is called and nothing is spent; the cost above is what those answers are priced at`,
    };
  } catch (error) {
    if (error instanceof CassetteError) return { ok: false, message: error.message };
    throw error;
  }
}
