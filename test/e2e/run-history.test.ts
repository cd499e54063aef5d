/**
 * The history `--last-failed`, `--resume` and `compare` read, through the built CLI against a fake OpenAI server:
 * a crashed run's logged results count, each model keeps its own history, a moved project keeps its history, and
 * a run recorded with a clock that was ahead does not stay the latest.
 */
import { copyFile, cp, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { crashAfter, ranCases, useHistoryServer, writeHistoryProject } from './history-project.js';

const fake = useHistoryServer();

const wrongOn = (model: string, ...questions: string[]) => fake.wrong.set(model, new Set(questions));

describe('--last-failed over the history', () => {
  it('counts the cases a crashed run finished: its failure reruns; compare says it has not finished', async () => {
    const dir = await writeHistoryProject(fake.server.url);
    expect((await ranCases(dir, [])).code).toBe(0);
    // c1 fails, c2 never answers: the run is killed with c1 in its log, and leaves no record.
    wrongOn('gpt-4o-mini', 'q1');
    fake.hang.add('q2');
    const log = await crashAfter(dir, 1);
    const id = `history/${log.split('/').at(-1)?.replace('.partial.jsonl', '')}`;
    fake.hang.clear();
    const again = await ranCases(dir, ['--last-failed']);
    expect(again.stderr).toContain(
      `running the 1 test case that failed on openai:gpt-4o-mini in ${id}, a run that did not finish (read from its log), and 1 earlier run back to one of the whole suite`,
    );
    expect([again.code, again.names]).toEqual([1, ['c1']]);

    const compared = await runCli(['compare', 'latest', id], { cwd: dir });
    expect(compared.code).toBe(2);
    expect(compared.stderr).toBe(
      `error: RUN_B ${id} has not finished: it stopped before writing its record (it crashed, was killed, or its record could not be written), and only its log ${log} is there: finish it with holodeck test --resume ${log}, then compare its record\n`,
    );
  });

  it('follows the history of the model it runs: a --model run does not hide the configured model’s failure', async () => {
    const dir = await writeHistoryProject(fake.server.url);
    wrongOn('gpt-4o-mini', 'q1');
    expect((await ranCases(dir, [])).code).toBe(1);
    expect((await ranCases(dir, ['--model', 'openai:gpt-4.1-nano'])).code).toBe(0);
    const configured = await ranCases(dir, ['--last-failed']);
    expect([configured.code, configured.names]).toEqual([1, ['c1']]);
    const nano = await runCli(['test', 'agent.yaml', '--last-failed', '--model', 'openai:gpt-4.1-nano'], { cwd: dir });
    expect(nano.code).toBe(0);
    expect(nano.stderr).toMatch(
      /^no test case failed in the latest run on openai:gpt-4\.1-nano \(history\/\S+\); nothing to run$/m,
    );
    const never = await runCli(['test', 'agent.yaml', '--last-failed', '--model', 'openai:gpt-4o'], { cwd: dir });
    expect(never.code).toBe(2);
    expect(never.stderr).toContain('on openai:gpt-4o in');
    expect(never.stderr).toContain(
      'it ran on openai:gpt-4o-mini, openai:gpt-4.1-nano there: give --model openai:gpt-4o-mini to rerun the failures of that model',
    );
  });

  it('keeps the history of a project copied elsewhere, for --last-failed and --resume', async () => {
    const dir = await writeHistoryProject(fake.server.url);
    wrongOn('gpt-4o-mini', 'q3');
    expect((await ranCases(dir, [])).code).toBe(1);
    const moved = `${dir}-moved`;
    await cp(dir, moved, { recursive: true });
    const again = await ranCases(moved, ['--last-failed']);
    expect([again.code, again.names]).toEqual([1, ['c3']]);

    fake.hang.add('q2');
    await crashAfter(dir, 1);
    fake.hang.clear();
    const copy = `${dir}-copy`;
    await cp(dir, copy, { recursive: true });
    const resumed = await ranCases(copy, ['--resume']);
    expect(resumed.stderr).toContain(
      `the run was started from ${join(dir, 'agent.yaml')}: the same config file, moved since`,
    );
    expect([resumed.code, resumed.names]).toEqual([1, ['c1', 'c2', 'c3']]);
  });

  it('names a run after one dated ahead of the clock, so that it is the latest, and says so', async () => {
    const dir = await writeHistoryProject(fake.server.url);
    expect((await ranCases(dir, [])).code).toBe(0);
    const folder = join(dir, 'results', 'history');
    const [first = ''] = await readdir(folder);
    // A run recorded with a clock an hour ahead.
    const ahead = new Date(Date.now() + 3_600_000).toISOString().replace(/[:.]/g, '-');
    await cp(join(folder, first), join(folder, `${ahead}.json`));
    wrongOn('gpt-4o-mini', 'q2');
    const next = await ranCases(dir, []);
    expect(next.code).toBe(1);
    expect(next.stderr).toMatch(
      new RegExp(
        `^warning: the newest run of this agent, history/${ahead}, is dated .* after this machine's clock`,
        'm',
      ),
    );
    const names = (await readdir(folder)).sort();
    expect(names.at(-1)).toMatch(new RegExp(`^${ahead.slice(0, -4)}\\d{3}Z\\.json$`));
    const again = await ranCases(dir, ['--last-failed']);
    expect([again.code, again.names]).toEqual([1, ['c2']]);
  });
});

describe('compare', () => {
  it('takes no copy of an older record, saved under a later name, for latest', async () => {
    const dir = await writeHistoryProject(fake.server.url);
    expect((await ranCases(dir, [])).code).toBe(0);
    wrongOn('gpt-4o-mini', 'q1');
    expect((await ranCases(dir, [])).code).toBe(1);
    const folder = join(dir, 'results', 'history');
    const [first, second] = (await readdir(folder)).filter((name) => name.endsWith('.json')).sort();
    await copyFile(join(folder, first as string), join(folder, '2099-01-01T00-00-00-000Z.json'));
    const run = await runCli(['compare', 'latest~1', 'latest'], { cwd: dir });
    // The failing run is the latest, the passing one before it: c1 regressed.
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toContain(`history/${(second as string).replace('.json', '')}`);
    expect(run.stdout).not.toContain('2099-01-01');
    // The static report of the latest run is the failing run's, saying what it passed over.
    const exported = await runCli(['test', 'view', 'agent.yaml', '--export', 'latest.html'], { cwd: dir });
    expect(exported.code).toBe(0);
    expect(exported.stderr).toContain(
      'note: exporting the latest readable run: history/2099-01-01T00-00-00-000Z is a copy of an older run',
    );
    const html = await readFile(join(dir, 'latest.html'), 'utf8');
    expect(html).toContain(`history/${(second as string).replace('.json', '')}`);
  });

  it('says the results folder does not exist rather than that it holds no record', async () => {
    const dir = await writeHistoryProject(fake.server.url);
    const run = await runCli(['compare', 'latest~1', 'latest'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `error: RUN_A latest~1: the results folder ${join(dir, 'results')} does not exist (give --results-dir the folder holodeck test wrote its runs to)\n`,
    );
    await writeFile(join(dir, 'results'), '');
    expect((await runCli(['compare', 'latest~1', 'latest'], { cwd: dir })).stderr).toBe(
      `error: RUN_A latest~1: the results folder ${join(dir, 'results')} is a file, not a folder\n`,
    );
  });
});
