/**
 * The JUnit report validates against the junit-10.xsd of Jenkins' xunit plugin (test/support/), checked with
 * xmllint: reports of every shape are written through the real reporter to files, as `--output r.xml` does.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/core/results.js';
import { createJunitReporter } from '../../src/reporters/junit-reporter.js';
import { playReport } from '../support/reporters/play-report.js';
import {
  call,
  metric,
  multiTurnResult,
  reportOf,
  singleTurnResult,
  turn,
} from '../support/reporters/report-fixtures.js';
import { HOSTILE_TEXT, hostileReport, sampleReport } from '../support/reporters/report-scenarios.js';
import { repeatsReport } from './repeat-scenario.js';

const XSD = join(import.meta.dirname, '..', 'support', 'junit-10.xsd');

/** Every character class that breaks XML or terminals: C0 and C1 controls, lone surrogates, non-characters. */
const CONTROL_SOUP = `${Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).join('')}\u007f\u0085\u009b[2J \uD800 lone \uDFFF \uFFFE\uFFFF end`;
const EMOJI = 'réponse 👩🏽‍💻 🇫🇷 ☃ 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 中文 עברית';
const HUGE = 12_000_000;

function controlReport(): RunReport {
  const nasty = `${HOSTILE_TEXT} ${CONTROL_SOUP} ]]> ]]]]><![CDATA[> <!-- --> <?pi?> &#0; &bogus; ${EMOJI}`;
  return reportOf([
    singleTurnResult({ test_name: `${EMOJI} ]]> ${CONTROL_SOUP}`, test_input: nasty, agent_response: nasty }),
    singleTurnResult({
      test_name: 'errored single turn',
      passed: false,
      agent_response: '',
      metric_results: [],
      errors: [nasty],
    }),
    multiTurnResult(`multi ${EMOJI}`, [
      turn({
        turn_index: 0,
        input: nasty,
        response: nasty,
        tool_invocations: [call(nasty, { [nasty]: nasty }, nasty)],
      }),
      turn({
        turn_index: 1,
        input: EMOJI,
        passed: false,
        metric_results: [metric({ metric_name: nasty, score: 0, passed: false, reasoning: nasty })],
      }),
    ]),
  ]);
}

function outcomesReport(): RunReport {
  const skipped = (turn_index: number, reason: string) =>
    turn({ turn_index, input: 'next?', skipped: true, passed: false, execution_time_ms: 0, errors: [reason] });
  const report = reportOf([
    singleTurnResult({ test_name: 'passes', execution_time_ms: 3_723_456.7 }),
    multiTurnResult('timed out then skipped', [
      turn({ turn_index: 0, input: 'q', passed: false, errors: ['the agent did not answer within 60s'] }),
      skipped(1, 'skipped: the session became unrecoverable at turn 1'),
    ]),
    multiTurnResult('no session', [skipped(0, 'session could not be opened: boom')], ['boom']),
    multiTurnResult('never ran', [skipped(0, 'skipped: the run was interrupted'), skipped(1, 'skipped')]),
  ]);
  return { ...report, summary: { ...report.summary, duration_ms: 3_723_456_789 } };
}

function hugeReport(): RunReport {
  const big = 'y'.repeat(HUGE);
  return reportOf([
    singleTurnResult({ test_name: 'huge', test_input: big, agent_response: big, passed: false, errors: [big] }),
    multiTurnResult('huge multi', [
      turn({ turn_index: 0, input: big, response: big, tool_invocations: [call('t', { a: big }, big, big)] }),
      turn({
        turn_index: 1,
        input: 'q',
        passed: false,
        metric_results: [metric({ metric_name: 'm', score: 0, passed: false, reasoning: big })],
      }),
    ]),
  ]);
}

const SCENARIOS: readonly (readonly [string, () => RunReport])[] = [
  ['passing, failed, errored, single- and multi-turn, skipped turns', sampleReport],
  ['hostile names and output', hostileReport],
  ['control characters, lone surrogates, ]]>, emoji', controlReport],
  ['errors, skipped cases, a session that never opened, long durations', outcomesReport],
  ['texts of 12 million characters', hugeReport],
  ['a run without results', () => reportOf([])],
  [
    'one model of a model matrix, hostile model name, interrupted',
    () => ({
      ...hostileReport(),
      model: `openai:${HOSTILE_TEXT}`,
      comparison_id: 'c',
      interrupted: { not_run: 1, selected_tests: 4 },
    }),
  ],
  ['repeated cases: flaky ones passed with flakyFailure/flakyError, failing ones with rerunFailure', repeatsReport],
];

interface Lint {
  readonly status: number | null;
  readonly problems: readonly string[];
}

function xmllint(file: string): Lint {
  const run = spawnSync('xmllint', ['--noout', '--schema', XSD, file], { encoding: 'utf8' });
  if (run.error !== undefined) {
    throw new Error(
      `xmllint could not run (${run.error.message}): install libxml2-utils (apt-get install -y libxml2-utils)`,
    );
  }
  const problems = `${run.stdout}${run.stderr}`.split('\n').filter((l) => l.trim() !== '' && !/ validates$/.test(l));
  return { status: run.status, problems };
}

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'holodeck-junit-schema-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function writeReport(name: string, report: RunReport): Promise<string> {
  const path = join(dir, `${name}.xml`);
  await playReport(createJunitReporter({ path }), report);
  return path;
}

describe('JUnit report against junit-10.xsd (Jenkins xunit plugin)', () => {
  it('finds xmllint, which the check needs (Debian/Ubuntu: apt-get install -y libxml2-utils)', () => {
    const run = spawnSync('xmllint', ['--version'], { encoding: 'utf8' });
    expect(run.error?.message, 'xmllint is missing: install libxml2-utils').toBeUndefined();
    expect(run.status).toBe(0);
  });

  it('rejects a document the schema does not allow, so a pass means something', async () => {
    const path = join(dir, 'invalid.xml');
    await writeFile(path, '<testsuites skipped="1"><testsuite name="a" tests="1"><testcase/></testsuite></testsuites>');
    const lint = xmllint(path);
    expect(lint.status).not.toBe(0);
    expect(lint.problems.join('\n')).toMatch(/attribute 'skipped' is not allowed/);
    expect(lint.problems.join('\n')).toMatch(/attribute 'failures' is required/);
    expect(lint.problems.join('\n')).toMatch(/attribute 'name' is required/);
  });

  it.each(SCENARIOS)('validates: %s', async (name, build) => {
    const path = await writeReport(name.replace(/\W+/g, '-'), build());
    const lint = xmllint(path);
    expect(lint.problems).toEqual([]);
    expect(lint.status).toBe(0);
  });

  it('keeps what was said readable: emoji whole, forbidden characters dropped, markup escaped', async () => {
    const xml = await readFile(await writeReport('readable', controlReport()), 'utf8');
    expect(xml).toContain(EMOJI);
    expect(xml).not.toContain(']]>');
    expect(xml).not.toContain('<!--');
    // biome-ignore lint/suspicious/noControlCharactersInRegex: checking that none is left is the point
    expect(xml).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/);
    expect(xml).toContain('&amp;#0; &amp;bogus;');
  });

  it('writes texts of any length into a file any parser takes (no text node near the 10 MB limit)', async () => {
    const xml = await readFile(await writeReport('huge-size', hugeReport()), 'utf8');
    expect(xml.length).toBeLessThan(1_000_000);
    expect(xml).toContain('[truncated: 12,000,000 characters in total]');
  });
});
