import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { playReport } from '../../test/support/reporters/play-report.js';
import { call, reportOf, singleTurnResult } from '../../test/support/reporters/report-fixtures.js';
import { createJunitReporter } from './junit-reporter.js';
import { capJunitText, JUNIT_TEXT_MAX } from './junit-text-cap.js';

const XSD = join(import.meta.dirname, '..', '..', 'test', 'support', 'junit-10.xsd');

/** A case whose agent made 20,000 tool calls, every other one failing, each error a reason of the case. */
function manyCallsReport() {
  const calls = Array.from({ length: 20_000 }, (_, i) =>
    call('lookup', { row: `row ${i} ${'x'.repeat(700)}` }, i % 2 === 0 ? 1 : null, i % 2 === 0 ? null : `boom ${i}`),
  );
  const errors = calls.flatMap((c, i) => (c.error === null ? [] : [`tool lookup (call #${i}) failed: ${c.error}`]));
  const result = singleTurnResult({ test_name: 'busy', tool_invocations: calls, errors, passed: false });
  return reportOf([result]);
}

describe('JUnit texts', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'holodeck-junit-cap-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('are cut past JUNIT_TEXT_MAX characters, saying how many were left out', () => {
    expect(capJunitText('short')).toBe('short');
    const note = (n: number) => `… [${n} more characters left out; the JSON report and the run record hold them]`;
    const max = note(100).length + 4;
    expect(capJunitText(`abcd${'e'.repeat(100)}`, max)).toBe(`abcd${note(100)}`);
    expect(capJunitText('👩'.repeat(104), max)).toBe(`${'👩'.repeat(4)}${note(100)}`);
    expect(capJunitText('abcdefghijklm', 2)).toBe(note(13));
  });

  it('are, note included, at most JUNIT_TEXT_MAX characters', () => {
    expect(capJunitText('x'.repeat(JUNIT_TEXT_MAX))).toBe('x'.repeat(JUNIT_TEXT_MAX));
    for (const length of [JUNIT_TEXT_MAX + 1, 1_803_747 + JUNIT_TEXT_MAX, 25_000_000]) {
      const capped = capJunitText('x'.repeat(length));
      expect(capped.length).toBe(JUNIT_TEXT_MAX);
      const left = Number(capped.match(/… \[([\d,]+) more characters left out/)?.[1]?.replaceAll(',', ''));
      expect(capped.indexOf('…') + left).toBe(length);
    }
    const emoji = capJunitText('👩'.repeat(JUNIT_TEXT_MAX + 1));
    expect([...emoji].length).toBeLessThanOrEqual(JUNIT_TEXT_MAX);
    expect([...emoji].length).toBeGreaterThan(JUNIT_TEXT_MAX - 3);
  });

  it('stay under what libxml2 reads in one text node: xmllint accepts a case of 20,000 tool calls', async () => {
    const path = join(dir, 'junit.xml');
    await playReport(createJunitReporter({ path }), manyCallsReport());
    const lint = spawnSync('xmllint', ['--noout', '--schema', XSD, path], { encoding: 'utf8' });
    expect(lint.error).toBeUndefined();
    expect(lint.stderr.replace(/.* validates\n$/, '')).toBe('');
    expect(lint.status).toBe(0);
    const xml = await readFile(path, 'utf8');
    const out = xml.match(/<system-out>([\s\S]*?)<\/system-out>/)?.[1] ?? '';
    expect(out.length).toBeLessThanOrEqual(JUNIT_TEXT_MAX);
    expect(out).toMatch(/… \[[\d,]+ more characters left out; the JSON report and the run record hold them\]$/);
    const failure = xml.match(/<failure message="([^"]*)"[^>]*>([\s\S]*?)<\/failure>/);
    expect((failure?.[2] ?? '').length).toBeLessThan(JUNIT_TEXT_MAX * 1.1);
  });
});
