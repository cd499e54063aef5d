/**
 * The `.partial.jsonl` log of a run: a header line naming the run, then one TestResult per line, appended
 * as each case finishes (with `--repeat`, each repeat's result is logged too, as `{ repeat_of, repeat, result }`). It is what a crashed run leaves behind and what `--resume` reads back, line by line,
 * so a log of any length is never held in memory.
 */

import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { boundDepth } from '../core/bound-depth.js';
import type { TestResult } from '../core/results.js';
import { resultContradiction } from './record-contradiction.js';
import { repeatResultSchema, testResultSchema } from './report-schema.js';
import { metadataSchema, RUN_RECORD_VERSION, RunRecordError, type StoredRunMetadata } from './run-record.js';
import { withoutByteOrderMark } from './run-record-error.js';
import { settleParsedResult } from './settle-parsed-result.js';
import { upgradeTestResult } from './upgrade-results.js';

/** The first line of the log: the run's identity, its report fields and its metadata (without finish time). */
export interface PartialHeader {
  /** The version the log was started with; its result lines are upgraded as they are read. */
  readonly record_version: number;
  readonly run_id: string;
  readonly agent_name: string;
  readonly agent_config_path: string;
  readonly timestamp: string;
  readonly holodeck_version: string;
  readonly metadata: Omit<StoredRunMetadata, 'finished_at'>;
}

const headerSchema = z.object({
  record_version: z.union([z.literal(1), z.literal(RUN_RECORD_VERSION)]),
  run_id: z.string().min(1),
  agent_name: z.string(),
  agent_config_path: z.string(),
  timestamp: z.string(),
  holodeck_version: z.string(),
  metadata: metadataSchema.omit({ finished_at: true }),
});

export interface PartialLogScan {
  readonly header: PartialHeader | null;
  /** Names of the test cases with a valid result line. */
  readonly names: ReadonlySet<string>;
  /** Lines that are neither the header nor a valid result (e.g. a line cut off by a crash). */
  readonly skipped_lines: number;
}

/** Reads the log once: its header and which cases it holds a result for. */
export async function scanPartialLog(path: string): Promise<PartialLogScan> {
  let header: PartialHeader | null = null;
  const names = new Set<string>();
  let skipped = 0;
  for await (const line of logLines(path)) {
    const parsed = parseLine(line);
    if (parsed.kind === 'header' && header === null) header = parsed.header;
    else if (parsed.kind === 'result') names.add(parsed.result.test_name);
    else if (parsed.kind !== 'repeat') skipped += 1;
  }
  return { header, names, skipped_lines: skipped };
}

/** The valid result lines of the log, in file order (a case appended twice appears twice). */
export async function* partialLogResults(path: string): AsyncIterable<TestResult> {
  for await (const line of logLines(path)) {
    const parsed = parseLine(line);
    if (parsed.kind === 'result') yield parsed.result;
  }
}

/**
 * A log's text as it stands (a run may still be appending to it): its header and its valid result lines in
 * file order, each case once. A case logged again (a resumed session logs again the cases it restores, a case
 * that changed since runs again) keeps its last result, in the place of its first, as the run's record will.
 * Other lines, such as a last line still being written, are left out.
 */
export function parsePartialLogText(text: string): { header: PartialHeader | null; results: TestResult[] } {
  let header: PartialHeader | null = null;
  const byName = new Map<string, TestResult>();
  for (const line of withoutByteOrderMark(text).split('\n')) {
    if (line.trim() === '') continue;
    const parsed = parseLine(line);
    if (parsed.kind === 'header' && header === null) header = parsed.header;
    else if (parsed.kind === 'result') byName.set(parsed.result.test_name, parsed.result);
  }
  return { header, results: [...byName.values()] };
}

/** `--repeat`: one finished repeat of a case, logged as it finished (the case's result comes once all are in). */
export interface LoggedRepeat {
  readonly test_name: string;
  /** 0-based. */
  readonly repeat: number;
  readonly result: TestResult;
}

/**
 * The logged repeats of the cases the log holds no result for, in file order; a repeat logged twice (a
 * resumed session ran it again) keeps its last result.
 */
export async function partialLogRepeats(path: string, finished: ReadonlySet<string>): Promise<LoggedRepeat[]> {
  const byKey = new Map<string, LoggedRepeat>();
  for await (const line of logLines(path)) {
    const parsed = parseLine(line);
    if (parsed.kind !== 'repeat' || finished.has(parsed.repeat.test_name)) continue;
    byKey.set(JSON.stringify([parsed.repeat.test_name, parsed.repeat.repeat]), parsed.repeat);
  }
  return [...byKey.values()];
}

const repeatLineSchema = z.object({ repeat_of: z.string(), repeat: z.number().int().min(0), result: z.unknown() });

type ParsedLine =
  | { readonly kind: 'header'; readonly header: PartialHeader }
  | { readonly kind: 'result'; readonly result: TestResult }
  | { readonly kind: 'repeat'; readonly repeat: LoggedRepeat }
  | { readonly kind: 'invalid' };

function parseLine(line: string): ParsedLine {
  let value: unknown;
  try {
    value = boundDepth(JSON.parse(line) as unknown);
  } catch {
    return { kind: 'invalid' };
  }
  const result = testResultSchema.safeParse(upgradeTestResult(value));
  if (result.success) {
    // A case whose status is not what its turns roll up to is no line holodeck wrote.
    const settled = settleParsedResult(result.data);
    return resultContradiction(settled) === null ? { kind: 'result', result: settled } : { kind: 'invalid' };
  }
  const repeat = repeatLineSchema.safeParse(value);
  if (repeat.success) {
    const logged = repeatResultSchema.safeParse(upgradeTestResult(repeat.data.result));
    if (!logged.success || logged.data.test_name !== repeat.data.repeat_of) return { kind: 'invalid' };
    const settled = settleParsedResult(logged.data);
    if (resultContradiction(settled) !== null) return { kind: 'invalid' };
    const { repeat_of, repeat: number } = repeat.data;
    return { kind: 'repeat', repeat: { test_name: repeat_of, repeat: number, result: settled } };
  }
  const header = headerSchema.safeParse(value);
  return header.success ? { kind: 'header', header: header.data } : { kind: 'invalid' };
}

async function* logLines(path: string): AsyncIterable<string> {
  const stream = createReadStream(path, { encoding: 'utf8' });
  const opened = new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', reject);
  });
  try {
    await opened;
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new RunRecordError('RUN_RECORD_UNREADABLE', path, `cannot read the run log (${reason})`, { cause: error });
  }
  const lines = createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
  let first = true;
  try {
    for await (const line of lines) {
      // A byte order mark an editor put first is read past.
      const text = first ? withoutByteOrderMark(line) : line;
      first = false;
      if (text.trim() !== '') yield text;
    }
  } finally {
    lines.close();
    stream.destroy();
  }
}
