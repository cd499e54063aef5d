/**
 * A small results folder that exercises every view: two runs of the financial assistant where the newer one
 * regresses, fixes, adds and drops cases, changes model and commit, and carries script-injection payloads in
 * untrusted fields; plus a run of a second agent.
 */
import { conversationCase, singleCase } from './sample-results.js';
import { writeRun } from './write-records.js';

/** Markup that would run script if the page ever rendered data as HTML. */
export const INJECTION = '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">';

export interface DemoFolder {
  readonly older: string;
  readonly newer: string;
  readonly other: string;
}

export async function writeDemoFolder(resultsDir: string): Promise<DemoFolder> {
  const older = await writeRun(resultsDir, {
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
  const newer = await writeRun(resultsDir, {
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
    startedAt: '2026-12-01T15:00:00.000Z',
    model: { provider: 'anthropic', name: 'claude-sonnet-4-5' },
    results: [singleCase('greeting', true), singleCase('refund policy', true)],
  });
  return { older, newer, other };
}
