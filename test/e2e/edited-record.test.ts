/**
 * A run record is read as the run wrote it, and refused when a case was hand-edited greener than its results:
 * records of the built CLI against the fake OpenAI server — single-turn cases passed, failed and errored, a
 * skipped metric, a threshold, tool assertions, a conversation with skipped turns, repeats passing at a min pass
 * rate with a failing repeat — all read; the same record with a failed single-turn case turned `passed` is
 * refused by merge-reports.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/core/results.js';
import { readRunRecord } from '../../src/records/run-record.js';
import { lastUserText } from '../fakes/fake-request-view.js';
import { answer, type FakeScript } from '../fakes/fake-script.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { runCli } from '../helpers/run-cli.js';
import { modelBlock, TOOLS_BLOCK, writeProject } from './e2e-project.js';

let server: FakeModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

/** `qN` answers N; `wrong` a wrong number; `refused` gets an HTTP 400; `flaky` is wrong on the second call and every third from there. */
function script(): FakeScript {
  let flaky = 0;
  return (request) => {
    const question = lastUserText(request);
    if (question === 'refused') return { kind: 'error', status: 400, message: 'bad request' };
    if (question === 'wrong') return answer('41');
    if (question === 'flaky') {
      flaky += 1;
      return answer(flaky % 3 === 2 ? '41' : '42');
    }
    return answer(question.replace(/^q/, ''));
  };
}

const CASES = `test_cases:
  - { name: passes, input: q42, ground_truth: "42" }
  - { name: fails, input: wrong, ground_truth: "42" }
  - { name: errors, input: refused, ground_truth: "42" }
  - { name: no-truth, input: q42 }
  - { name: needs-tool, input: q42, ground_truth: "42", expected_tools: [lookup] }
  - { name: flaky, input: flaky, ground_truth: "42" }
  - name: conversation
    turns:
      - { input: refused, ground_truth: "42" }
      - { input: refused, ground_truth: "42" }
      - { input: q42, ground_truth: "42" }
`;

async function project(url: string): Promise<string> {
  return writeProject({
    'agent.yaml': `name: edited
${modelBlock('openai', url)}
${TOOLS_BLOCK}
instructions: { inline: "Answer with the number only." }
evaluations:
  metrics:
    - { type: standard, metric: equality }
    - { type: standard, metric: bleu, threshold: 0.1 }
${CASES}`,
  });
}

async function records(dir: string): Promise<string[]> {
  const folder = join(dir, 'runs', 'edited');
  return (await readdir(folder)).filter((name) => name.endsWith('.json')).map((name) => join(folder, name));
}

describe('records the CLI writes, and one edited greener', () => {
  it('reads every record as written and refuses a failed case edited to passed', async () => {
    server = await startFakeModelServer(script());
    const dir = await project(server.url);
    const single = await runCli(['test', 'agent.yaml', '--results-dir', 'runs', '-q'], { cwd: dir });
    expect(single.code, single.stderr).toBe(1);
    const repeated = await runCli(
      ['test', 'agent.yaml', '--results-dir', 'runs', '-q', '-j', '1', '--repeat', '3', '--min-pass-rate', '0.6'],
      { cwd: dir },
    );
    expect(repeated.code, repeated.stderr).toBe(1);
    const paths = await records(dir);
    expect(paths).toHaveLength(2);
    const read = await Promise.all(paths.map((path) => readRunRecord(path)));
    const statuses = read.map((record) =>
      Object.fromEntries(record.report.results.map((result) => [result.test_name, result.status])),
    );
    const expected = {
      passes: 'passed',
      fails: 'failed',
      errors: 'error',
      'no-truth': 'passed',
      'needs-tool': 'failed',
      flaky: 'passed',
      conversation: 'error',
    };
    expect(statuses).toEqual([expected, expected]);
    // The repeated case passed at its min pass rate, though its first repeat failed.
    const flaky = read
      .flatMap((record) => record.report.results)
      .find((result) => result.repeats !== undefined && result.test_name === 'flaky');
    expect(flaky?.repeats?.map((repeat) => repeat.status)).toEqual(['failed', 'passed', 'passed']);

    const once = read.find((record) => record.report.results.every((result) => result.repeats === undefined));
    const path = paths[read.indexOf(once!)]!;
    const record = JSON.parse(await readFile(path, 'utf8')) as { report: RunReport };
    const index = record.report.results.findIndex((result) => result.test_name === 'fails');
    const results = record.report.results.map((result, at) =>
      at === index ? { ...result, status: 'passed', passed: true } : result,
    );
    await writeFile(path, JSON.stringify({ ...record, report: { ...record.report, results } }, null, 2));
    const merged = await runCli(['merge-reports', 'runs', '--results-dir', 'merged', '-q'], { cwd: dir });
    expect(merged.stderr).toContain(
      `the record contradicts itself: report.results.${index}.status: the case says "passed", its metric "equality" results give "failed"`,
    );
    expect(merged.code).toBe(2);
  });
});
