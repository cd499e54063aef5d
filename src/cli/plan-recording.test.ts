import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { agentConfig, modelConfig } from '../../test/fakes/fixtures/agent-config.js';
import type { AgentConfig } from '../core/config-types.js';
import { defaultCacheDir } from './default-cache-dir.js';
import { planRecording, type RecordingOptions } from './plan-recording.js';

const NONE: RecordingOptions = { record: undefined, replay: undefined, cache: false, cacheDir: undefined };
const aiSdk = agentConfig({ model: modelConfig({ provider: 'openai' }) });
const withCache = (config: AgentConfig): AgentConfig => ({
  ...config,
  execution: { ...config.execution, cache: true },
});
const ENV = { XDG_CACHE_HOME: '/var/cache/u' };

describe('planRecording', () => {
  it('asks for nothing without the options or execution.cache', async () => {
    expect(await planRecording(aiSdk, NONE, ENV)).toEqual({ ok: true, mode: null });
  });

  it('resolves the cassette paths and keeps them as given for messages', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'holodeck-plan-'));
    const record = join(dir, 'c.jsonl');
    expect(await planRecording(aiSdk, { ...NONE, record }, ENV)).toEqual({
      ok: true,
      mode: { mode: 'record', path: record, label: record },
    });
    expect(await planRecording(aiSdk, { ...NONE, replay: 'rel/c.jsonl' }, ENV)).toEqual({
      ok: true,
      mode: { mode: 'replay', path: resolve('rel/c.jsonl'), label: 'rel/c.jsonl' },
    });
  });

  it('caches with --cache (explicit) or execution.cache (not explicit), in --cache-dir or the default folder', async () => {
    expect(await planRecording(aiSdk, { ...NONE, cache: true }, ENV)).toEqual({
      ok: true,
      mode: { mode: 'cache', dir: '/var/cache/u/holodeck', explicit: true },
    });
    expect(await planRecording(withCache(aiSdk), { ...NONE, cacheDir: 'here' }, ENV)).toEqual({
      ok: true,
      mode: { mode: 'cache', dir: resolve('here'), explicit: false },
    });
  });

  it.each([
    [{ record: 'a.jsonl', replay: 'b.jsonl' }, '--record and --replay cannot be used together'],
    [{ record: 'a.jsonl', cache: true }, '--record and --cache cannot be used together'],
    [{ replay: 'a.jsonl', cache: true }, '--replay and --cache cannot be used together'],
    [
      { cacheDir: 'here' },
      '--cache-dir has nothing to do: the cache is not on: add --cache (or execution.cache: true)',
    ],
    [{ replay: 'a.jsonl', cacheDir: 'here' }, '--cache-dir has nothing to do: --replay uses no cache'],
    [{ record: 'adir/' }, '--record names a file, not a folder: adir/'],
    [
      { record: '/no/such/folder/a.jsonl' },
      'cannot write the cassette /no/such/folder/a.jsonl: the folder /no/such/folder does not exist',
    ],
  ])('refuses %o', async (options, message) => {
    expect(await planRecording(aiSdk, { ...NONE, ...options }, ENV)).toEqual({
      ok: false,
      message: expect.stringContaining(message),
    });
  });

  it('refuses backends other than ai_sdk, naming the option or the setting', async () => {
    const claude = { ...aiSdk, backend: { type: 'claude_agent_sdk', builtin_tools: [] } } as AgentConfig;
    expect(await planRecording(claude, { ...NONE, replay: 'c.jsonl' }, ENV)).toEqual({
      ok: false,
      message:
        '--replay is not supported with backend claude_agent_sdk: only ai_sdk agents (and their judges) can have their model calls recorded, replayed or cached',
    });
    const module = { ...withCache(aiSdk), backend: { type: 'module', module: 'x.ts:agent' } } as unknown as AgentConfig;
    expect(await planRecording(module, NONE, ENV)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^execution\.cache: true is not supported with backend module/),
    });
  });
});

describe('defaultCacheDir', () => {
  it('is $XDG_CACHE_HOME/holodeck when that is an absolute path, else ~/.cache/holodeck', () => {
    expect(defaultCacheDir({ XDG_CACHE_HOME: '/x/cache' }, '/home/u')).toBe('/x/cache/holodeck');
    expect(defaultCacheDir({ XDG_CACHE_HOME: 'relative' }, '/home/u')).toBe('/home/u/.cache/holodeck');
    expect(defaultCacheDir({}, '/home/u')).toBe('/home/u/.cache/holodeck');
  });
});
