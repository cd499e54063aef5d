/** Parsers of option values for commander: a bad value is a usage error (exit 2) naming what was expected. */
import { InvalidArgumentError } from '@commander-js/extra-typings';
import { MAX_TIMER_SECONDS } from '../core/max-timer.js';
import { parseModelOption } from './parse-model-option.js';
import { parseShard } from './shard.js';

/**
 * The number a plain decimal spells (`12`, `2.50`), else NaN: `Number` would also take `0x2`, `1e3`, `''` and
 * `Infinity`, none of which anyone means on a command line.
 */
function decimal(value: string): number {
  return /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : Number.NaN;
}

export function positiveInt(value: string): number {
  const n = decimal(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a whole number >= 1');
  return n;
}

/** Seconds above 0, at most what a Node timer holds (a longer delay would fire at once). */
export function positiveSeconds(value: string): number {
  const n = decimal(value);
  if (!Number.isFinite(n) || n <= 0 || n > MAX_TIMER_SECONDS) {
    throw new InvalidArgumentError(`expected a number of seconds > 0 and at most ${MAX_TIMER_SECONDS} (${TIMER_DAYS})`);
  }
  return n;
}

/** Seconds from 0, at most what a Node timer holds. */
export function nonNegativeSeconds(value: string): number {
  const n = decimal(value);
  if (!Number.isFinite(n) || n < 0 || n > MAX_TIMER_SECONDS) {
    throw new InvalidArgumentError(
      `expected a number of seconds >= 0 and at most ${MAX_TIMER_SECONDS} (${TIMER_DAYS})`,
    );
  }
  return n;
}

const TIMER_DAYS = `about ${Math.floor(MAX_TIMER_SECONDS / 86_400)} days, the longest delay a timer holds`;

export function dollars(value: string): number {
  const n = decimal(value);
  if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError('expected an amount of US dollars > 0, e.g. 2.50');
  return n;
}

export function megabytes(value: string): number {
  const n = decimal(value);
  if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError('expected a number of megabytes > 0');
  return n;
}

export const MAX_FILE_SIZE_HELP =
  'largest agent.yaml or test cases file to read, in MB (default 10 for agent.yaml, 100 for a test cases file)';

/** An option given once: given again with another value, the last would win and the other be left unsaid. */
function givenOnce<T>(option: string, value: T, previous: T | undefined): T {
  if (previous !== undefined && JSON.stringify(previous) !== JSON.stringify(value)) {
    throw new InvalidArgumentError(`${option} is given twice, with different values: give it once`);
  }
  return value;
}

/** `--shard`, given once: two (a job's own `--shard 1/3` and a template's `--shard auto`) would leave one unsaid. */
export function shardOption(value: string, previous?: ReturnType<typeof parseShard>) {
  let parsed: ReturnType<typeof parseShard>;
  try {
    parsed = parseShard(value);
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
  return givenOnce('--shard', parsed, previous);
}

/** `--cache-dir`, given once and not empty: an empty one (`--cache-dir=`) would be the current folder unsaid. */
export function cacheDirOption(value: string, previous?: string): string {
  if (value.trim() === '') {
    throw new InvalidArgumentError('expected a folder, not an empty value (give . for the current folder)');
  }
  return givenOnce('--cache-dir', value, previous);
}

export function modelOption(value: string) {
  const parsed = parseModelOption(value);
  if (!parsed.ok) throw new InvalidArgumentError(parsed.message);
  return parsed.value;
}

export function portNumber(value: string): number {
  const n = decimal(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('expected a port number 0..65535');
  return n;
}

export function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** A repeatable name pattern: a blank one would match every name (`--exclude ''` left nothing to run). */
export function collectPattern(value: string, previous: string[]): string[] {
  if (value.trim() === '') throw new InvalidArgumentError('expected a pattern, not a blank one');
  return [...previous, value];
}
