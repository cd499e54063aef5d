import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { passingConversation } from '../../test/support/reporters/report-scenarios.js';
import type { TestResult } from '../core/results.js';
import { testResultToJson } from '../reporters/to-report-json.js';
import { parsePartialLogText, partialLogResults, scanPartialLog } from './partial-log.js';
import { RunRecordError } from './run-record.js';

const header = {
  record_version: 2,
  run_id: 'run-1',
  agent_name: 'agent',
  agent_config_path: '/w/agent.yaml',
  timestamp: '2026-12-02T12:00:00.000Z',
  holodeck_version: '0.1.0',
  metadata: {
    cli_args: ['test'],
    config_snapshot: { name: 'agent' },
    git_commit: null,
    holodeck_version: '0.1.0',
    node_version: 'v20',
    backend: 'ai_sdk',
    model: { provider: 'openai', name: 'm' },
    started_at: '2026-12-02T12:00:00.000Z',
    selection: { filter: null, limit: 2, shard: { index: 1, total: 2 }, suite_cases: 2, suite_fingerprint: 'abc' },
  },
};

const line = (name: string) => JSON.stringify(testResultToJson({ ...passingConversation(), test_name: name }));

describe('the partial log', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'holodeck-log-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('yields the header, the finished cases and how many lines were unusable', async () => {
    const path = join(dir, 'run.partial.jsonl');
    const text = [
      JSON.stringify(header),
      line('a'),
      '{"test_name":"torn',
      line('b'),
      '{"x":1}',
      line('a'),
      '{"test_name":"c',
    ];
    await writeFile(path, text.join('\n'));
    const scan = await scanPartialLog(path);
    expect(scan.header).toMatchObject({ run_id: 'run-1', metadata: { selection: { shard: { index: 1, total: 2 } } } });
    expect([...scan.names]).toEqual(['a', 'b']);
    expect(scan.skipped_lines).toBe(3);
    const results: TestResult[] = [];
    for await (const result of partialLogResults(path)) results.push(result);
    expect(results.map((r) => r.test_name)).toEqual(['a', 'b', 'a']);
    expect(results[0]!.turns).toHaveLength(2);
  });

  it('reads a line holding a value nested past 128 levels with that value cut', async () => {
    const path = join(dir, 'run.partial.jsonl');
    const deep = line('deep').replace('"args":{', `"args":{"deep":${'['.repeat(100_000)}${']'.repeat(100_000)},`);
    expect(deep).toContain('"deep":[[[');
    await writeFile(path, [JSON.stringify(header), deep].join('\n'));
    const results: TestResult[] = [];
    for await (const result of partialLogResults(path)) results.push(result);
    const args = results[0]?.tool_invocations.find((call) => 'deep' in call.args)?.args;
    expect(JSON.stringify(args?.['deep'])).toMatch(/^\[+"\[nested deeper than 128 levels\]"\]+$/);
  });

  it('reads past a UTF-8 byte order mark an editor put before the header', async () => {
    const path = join(dir, 'bom.partial.jsonl');
    const text = `\uFEFF${[JSON.stringify(header), line('a')].join('\n')}\n`;
    await writeFile(path, text);
    expect((await scanPartialLog(path)).header).toMatchObject({ run_id: 'run-1' });
    expect(parsePartialLogText(text).header).toMatchObject({ run_id: 'run-1' });
  });

  it('leaves out a line whose case says it passed though one of its turns failed', async () => {
    const path = join(dir, 'edited.partial.jsonl');
    const edited = JSON.parse(line('b')) as { turns: Record<string, unknown>[] };
    edited.turns[0] = { ...edited.turns[0], status: 'failed', passed: false };
    await writeFile(path, [JSON.stringify(header), line('a'), JSON.stringify(edited)].join('\n'));
    const scan = await scanPartialLog(path);
    expect([...scan.names]).toEqual(['a']);
    expect(scan.skipped_lines).toBe(1);
  });

  it('has no header when the log predates headers', async () => {
    const path = join(dir, 'old.partial.jsonl');
    await writeFile(path, `${line('a')}\n`);
    expect((await scanPartialLog(path)).header).toBeNull();
  });

  it('fails with a typed error naming the file when it cannot be read', async () => {
    const error = await scanPartialLog(join(dir, 'missing.partial.jsonl')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RunRecordError);
    expect((error as RunRecordError).code).toBe('RUN_RECORD_UNREADABLE');
  });
});
