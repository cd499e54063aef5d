import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { failingConversation, passingConversation } from '../../test/support/reporters/report-scenarios.js';
import { testResultToJson } from '../reporters/to-report-json.js';
import { partialLogRepeats, scanPartialLog } from './partial-log.js';

const result = (name: string, passing = true) =>
  testResultToJson({ ...(passing ? passingConversation() : failingConversation()), test_name: name });
const repeatLine = (name: string, repeat: number, passing = true) =>
  JSON.stringify({ repeat_of: name, repeat, result: result(name, passing) });

describe('repeats in the partial log (--repeat)', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'holodeck-log-repeats-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('gives the logged repeats of unfinished cases, the last of a repeat logged twice, and skips what is not one', async () => {
    const path = join(dir, 'run.partial.jsonl');
    await writeFile(
      path,
      [
        JSON.stringify(result('done')),
        repeatLine('done', 0),
        repeatLine('open', 0),
        repeatLine('open', 2, false),
        repeatLine('open', 2),
        // The result belongs to another case, the repeat number is negative, the result is not one.
        JSON.stringify({ repeat_of: 'open', repeat: 1, result: result('other') }),
        JSON.stringify({ repeat_of: 'open', repeat: -1, result: result('open') }),
        JSON.stringify({ repeat_of: 'open', repeat: 1, result: { test_name: 'open' } }),
        '',
      ].join('\n'),
    );
    const scan = await scanPartialLog(path);
    expect([...scan.names]).toEqual(['done']);
    expect(scan.skipped_lines).toBe(3);
    const repeats = await partialLogRepeats(path, scan.names);
    expect(repeats.map((r) => [r.test_name, r.repeat, r.result.status])).toEqual([
      ['open', 0, 'passed'],
      ['open', 2, 'passed'],
    ]);
  });
});
