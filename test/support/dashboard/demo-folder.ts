/**
 * A small results folder that exercises every view: two runs of the financial assistant where the newer one
 * regresses, fixes, adds and drops cases, changes model and commit, and carries script-injection payloads in
 * untrusted fields; between them, two runs of the same agent in other histories (another config file, and the
 * same config with a filter); plus a run of a second agent. The config files sit in the folder holding the
 * results folder, as `holodeck test` lays them out.
 */
import { dirname, join, resolve } from 'node:path';
import { conversationCase, singleCase } from './sample-results.js';
import { selectionOf, writeRun } from './write-records.js';

/** Markup that would run script if the page ever rendered data as HTML. */
export const INJECTION = '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">';

export interface DemoFolder {
  /** agent.yaml, every test case: the baseline. */
  readonly older: string;
  /** agent.yaml, every test case: the newest run, which regresses. */
  readonly newer: string;
  /** The same agent from evals/smoke.yaml. */
  readonly smoke: string;
  /** agent.yaml with `--filter 'revenue*'`. */
  readonly filtered: string;
  /** support-bot/agent.yaml: another agent. */
  readonly other: string;
  /** The absolute paths of the config files. */
  readonly configs: { readonly agent: string; readonly smoke: string; readonly bot: string };
}

export async function writeDemoFolder(resultsDir: string): Promise<DemoFolder> {
  const project = dirname(resolve(resultsDir));
  const configs = {
    agent: join(project, 'agent.yaml'),
    smoke: join(project, 'evals', 'smoke.yaml'),
    bot: join(project, 'support-bot', 'agent.yaml'),
  };
  const older = await writeRun(resultsDir, {
    configPath: configs.agent,
    startedAt: '2026-12-01T09:00:00.000Z',
    gitCommit: '1111111aaaaaaa2222222bbbbbbb3333333ccccc',
    results: [
      conversationCase('revenue change 2009'),
      conversationCase('operating income trend'),
      conversationCase('session recovery'),
      singleCase('capital of france', true),
      conversationCase('margin ratio', { failTurn: 2 }),
      conversationCase('dropped case'),
    ],
  });
  const smoke = await writeRun(resultsDir, {
    configPath: configs.smoke,
    startedAt: '2026-12-02T08:00:00.000Z',
    results: [conversationCase('revenue change 2009'), singleCase('capital of france', true)],
  });
  const filtered = await writeRun(resultsDir, {
    configPath: configs.agent,
    startedAt: '2026-12-02T10:00:00.000Z',
    selection: selectionOf(1, { filters: ['revenue*'] }),
    results: [conversationCase('revenue change 2009')],
  });
  const newer = await writeRun(resultsDir, {
    configPath: configs.agent,
    startedAt: '2026-12-02T12:30:05.123Z',
    model: { provider: 'openai', name: 'gpt-4o-mini' },
    gitCommit: '9999999fffffff8888888eeeeeee7777777ddddd',
    cliArgs: ['test', 'agent.yaml', '-j', '8'],
    results: [
      conversationCase('revenue change 2009', { failTurn: 1 }),
      conversationCase('operating income trend'),
      conversationCase('session recovery', { skipFrom: 1 }),
      singleCase('capital of france', false),
      conversationCase('margin ratio'),
      conversationCase('injected ', { payload: INJECTION, failTurn: 0 }),
    ],
  });
  const other = await writeRun(resultsDir, {
    agentName: 'support-bot',
    configPath: configs.bot,
    startedAt: '2026-12-01T15:00:00.000Z',
    model: { provider: 'anthropic', name: 'claude-sonnet-4-5' },
    results: [singleCase('greeting', true), singleCase('refund policy', true)],
  });
  return { older, newer, smoke, filtered, other, configs };
}
