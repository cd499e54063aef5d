/**
 * The run's model recording (`--record`, `--replay`, `--cache`, `execution.cache`), or the exit code of a
 * refusal: a usage error, a cassette that cannot be read (missing, malformed at file:line), or a cassette or
 * cache folder that cannot be written — exit 2 before any model is called. At the end, `closeRecording` writes the cassette and says what was recorded or served.
 */
import { CassetteError } from '../backends/ai-sdk/recording/cassette-file.js';
import { type ModelRecording, openModelRecording } from '../backends/ai-sdk/recording/model-recording.js';
import type { AgentConfig } from '../core/config-types.js';
import type { Redactor } from '../core/redactor.js';
import { LockWriteError, type TakenLock, takeFileLock } from '../records/run-lock.js';
import { escapeControlChars } from '../reporters/safe-text.js';
import { recordingPlaceProblem } from './check-output-places.js';
import { EXIT, type ExitCode } from './exit-codes.js';
import { planRecording, type RecordingOptions } from './plan-recording.js';

export async function openRecording(
  config: AgentConfig,
  options: RecordingOptions,
  redactor: Redactor,
): Promise<ModelRecording | null | ExitCode> {
  const planned = await planRecording(config, options, process.env);
  if (!planned.ok) return refuse(planned.message);
  if (planned.mode === null) return null;
  const placeProblem = await recordingPlaceProblem(planned.mode);
  if (placeProblem !== null) return refuse(placeProblem);
  // Two runs recording one cassette would each write it whole at their end: the first to end would be lost.
  const { mode } = planned;
  const lock = mode.mode === 'record' ? await cassetteLock(mode.path, mode.label) : null;
  if (typeof lock === 'string') return refuse(lock);
  if (lock !== null && !lock.ok && mode.mode === 'record') {
    const { pid, host } = lock.holder;
    return refuse(
      `another holodeck run (process ${pid} on ${host}) is recording to the cassette ${mode.label}: wait for it, or record to another file`,
    );
  }
  // Whatever way the process ends (a refusal after this, an interrupt), the lock goes with it.
  if (lock?.ok === true) process.once('exit', () => lock.release());
  try {
    const recording = await openModelRecording(planned.mode, redactor);
    if (lock === null || !lock.ok) return recording;
    return {
      ...recording,
      close: async (ending) => {
        try {
          return await recording.close(ending);
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    if (lock?.ok === true) lock.release();
    if (error instanceof CassetteError) return refuse(error.message);
    throw error;
  }
}

/** Why a model matrix refuses recording, replay and the cache. */
export const MATRIX_REFUSES_RECORDING =
  '--record, --replay and --cache (execution.cache) work with one model at a time, not a model matrix';

/** Whether the options or the configuration ask for a recording at all. */
export function recordingAsked(config: AgentConfig, options: RecordingOptions): boolean {
  return (
    options.record !== undefined || options.replay !== undefined || options.cache || config.execution.cache === true
  );
}

/** Writes the cassette and prints what was done; a cassette that cannot be written makes a passing run exit 3. */
export async function closeRecording(recording: ModelRecording | null, code: ExitCode): Promise<ExitCode> {
  if (recording === null) return code;
  try {
    process.stderr.write(`${await recording.close({ interrupted: code === EXIT.interrupted })}\n`);
    return code;
  } catch (error) {
    process.stderr.write(`error: ${(error as Error).message}\n`);
    return code === EXIT.ok || code === EXIT.failed ? EXIT.runtime : code;
  }
}

/** The cassette's lock, or why it cannot be written (a full disk): refused before any model call. */
async function cassetteLock(path: string, label: string): Promise<TakenLock | string> {
  try {
    return await takeFileLock(`${path}.lock`);
  } catch (error) {
    if (!(error instanceof LockWriteError)) throw error;
    return `cannot record to the cassette ${label}: its lock file ${label}.lock cannot be written (${error.reason})`;
  }
}

function refuse(message: string): ExitCode {
  // A cassette's bad line is quoted in it: its control characters are spelled out, not sent to the terminal.
  process.stderr.write(`error: ${escapeControlChars(message)}\n`);
  return EXIT.config;
}
