/**
 * Two configs of one name writing to one results folder (`agent.yaml` and `evals/agent.yaml`, `--results-dir
 * results`): each reruns its own failures with --last-failed, through the built CLI against a fake OpenAI server.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { historyYaml, ranCases, useHistoryServer, writeHistoryProject } from './history-project.js';

const fake = useHistoryServer();

describe('configs sharing a results folder', () => {
  it('reruns the failure of the root config, not that of evals/agent.yaml, nor says nothing failed', async () => {
    const dir = await writeHistoryProject(fake.server.url);
    await mkdir(join(dir, 'evals'));
    await writeFile(join(dir, 'evals', 'agent.yaml'), historyYaml(fake.server.url).replace(/name: c/g, 'name: e'));
    const evals = (args: string[]) =>
      runCli(['test', 'evals/agent.yaml', '-q', '--results-dir', 'results', ...args], { cwd: dir });
    fake.wrong.set('gpt-4o-mini', new Set(['q3']));
    expect((await ranCases(dir, ['--results-dir', 'results'])).code).toBe(1);
    fake.wrong.set('gpt-4o-mini', new Set(['q1']));
    expect((await evals([])).code).toBe(1);
    fake.wrong.set('gpt-4o-mini', new Set(['q1', 'q3']));
    const first = await ranCases(dir, ['--results-dir', 'results', '--last-failed']);
    expect([first.code, first.names]).toEqual([1, ['c3']]);

    fake.wrong.clear();
    expect((await evals([])).code).toBe(0);
    fake.wrong.set('gpt-4o-mini', new Set(['q3']));
    const again = await ranCases(dir, ['--results-dir', 'results', '--last-failed']);
    expect([again.code, again.names]).toEqual([1, ['c3']]);
    expect(again.stderr).not.toContain('moved');
  });
});
