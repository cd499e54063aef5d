import { afterAll, describe, expect, it } from 'vitest';
import {
  toolFailure as failure,
  fixtureTool,
  FIXTURE_SCHEMA as schema,
  turnTimeout as timeout,
} from '../../test/support/tools/fixture-tool.js';
import { ToolServerCrashedError } from '../core/errors.js';
import type { LoadedTool } from '../core/loaded-tool.js';
import { createToolWorkers } from './tool-workers.js';

const workers = createToolWorkers({ stop_grace_ms: 200 });
afterAll(() => workers.close());
const idle = new AbortController().signal;

const tool = (name: string): Promise<LoadedTool> => fixtureTool(name, workers);

describe('functionTool', () => {
  it('runs a plain function with the arguments and a context holding the signal', async () => {
    const add = await tool('add');
    expect(add.name).toBe('add');
    expect(add.description).toBe('the add tool');
    expect(add.input_schema).toEqual(schema);
    expect(await add.execute({ a: 2, b: 40 }, idle)).toEqual({ value: { sum: 42, has_signal: true }, content: null });
  });

  it('runs a tool definition with its own description and schema', async () => {
    const multiply = await tool('multiply');
    expect(multiply.description).toBe('Multiplies a by b.');
    expect(await multiply.execute({ a: 6, b: 7 }, idle)).toEqual({
      value: { product: 42, aborted: false },
      content: null,
    });
  });

  it('keeps the module state from call to call, and runs calls side by side', async () => {
    const counter = await tool('counter');
    const sleep = await tool('sleep');
    const first = Number((await counter.execute({}, idle)).value);
    const slow = sleep.execute({ ms: 300, value: 'slow' }, idle);
    expect((await counter.execute({}, idle)).value).toBe(first + 1);
    expect((await slow).value).toBe('slow');
  });

  it('makes results JSON: undefined becomes null, what JSON cannot hold becomes text', async () => {
    expect((await (await tool('nothing')).execute({}, idle)).value).toBeNull();
    expect((await (await tool('bigint')).execute({}, idle)).value).toEqual({ n: '1' });
    // A Map or a Set is written as what it holds, not as the {} JSON.stringify makes of it.
    expect((await (await tool('collections')).execute({}, idle)).value).toEqual({
      map: { k: 1 },
      set: [1, 2],
      pairs: [[1, 'one']],
      empty: {},
    });
  });

  it('fails a call whose result is more than 32 MB as JSON, naming the size; the worker lives on', async () => {
    const sized = await tool('sized');
    expect((await failure(sized.execute({ mb: 33 }, idle))).message).toBe(
      "the tool's result is 33.0 MB as JSON, more than the 32.0 MB a tool result may be: return less (a page, a summary, an id to fetch the rest with)",
    );
    expect((await failure(sized.execute({ mb: 32, json: true }, idle))).message).toMatch(
      /^the tool's result is more than the 32\.0 MB a tool result may be as JSON/,
    );
    expect(String((await sized.execute({ mb: 31 }, idle)).value)).toHaveLength(31 * 1024 * 1024);
  });

  it('fails a call whose result shares parts along more paths than JSON can write, at once', async () => {
    const graph = await tool('sharedGraph');
    expect((await failure(graph.execute({}, idle))).message).toMatch(
      /^the tool's result is more than the 32\.0 MB a tool result may be as JSON/,
    );
  });

  it('reports sync and async throws as tool errors carrying the message', async () => {
    expect((await failure((await tool('fails')).execute({}, idle))).message).toBe('division by zero');
    expect((await failure((await tool('rejects')).execute({}, idle))).message).toBe('bad input');
    // An error without a message would reach the model as an empty result, which reads as a success.
    expect((await failure((await tool('failsSilently')).execute({}, idle))).message).toBe(
      'tool failsSilently threw an error with no message',
    );
  });

  it('fails a call stuck in a synchronous loop when the turn times out, and starts a fresh worker', async () => {
    const [spin, sleep, counter] = await Promise.all([tool('spin'), tool('sleep'), tool('counter')]);
    const before = Number((await counter.execute({}, idle)).value);
    const controller = new AbortController();
    const other = sleep.execute({ ms: 5000 }, idle);
    setTimeout(() => controller.abort(timeout(300)), 300);
    const started = Date.now();
    const error = await failure(spin.execute({}, controller.signal));
    expect(error.message).toBe('tool spin timed out after 0.3 s');
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await failure(other)).message).toBe('tool sleep was stopped: tool spin blocked it after it was aborted');
    expect(before).toBeGreaterThanOrEqual(1);
    expect((await counter.execute({}, idle)).value).toBe(1);
  });

  it('names the call that held the thread when a call that never started times out behind it', async () => {
    const [spin, counter] = await Promise.all([tool('spin'), tool('counter')]);
    await counter.execute({}, idle);
    const spinning = new AbortController();
    const waiting = new AbortController();
    setTimeout(() => spinning.abort(timeout(2000)), 2000);
    setTimeout(() => waiting.abort(timeout(300)), 300);
    const held = spin.execute({}, spinning.signal);
    const error = await failure(counter.execute({}, waiting.signal));
    expect(error.message).toBe(
      'tool counter timed out after 0.3 s — it never started: tool spin, in the same worker thread, held it',
    );
    await failure(held);
  });

  it('aborts the signal the tool was given, so it can stop its own work; the worker lives on', async () => {
    const [wait, seen, counter] = await Promise.all([tool('waitForAbort'), tool('abortSeen'), tool('counter')]);
    const before = Number((await counter.execute({}, idle)).value);
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('run interrupted before the turn finished')), 50);
    const error = await failure(wait.execute({}, controller.signal));
    expect(error.message).toBe('tool waitForAbort was interrupted: run interrupted before the turn finished');
    await expect
      .poll(async () => (await seen.execute({}, idle)).value)
      .toBe('AbortError: run interrupted before the turn finished');
    expect((await counter.execute({}, idle)).value).toBe(before + 1);
  });

  it('reports a tool that calls process.exit, and the next call gets a fresh worker', async () => {
    const [exits, counter] = await Promise.all([tool('exits'), tool('counter')]);
    await counter.execute({}, idle);
    const ended = await failure(exits.execute({}, idle));
    expect(ended.message).toBe('tool exits called process.exit(0)');
    // A crash, not a tool error the agent may answer around: the turn errors.
    expect(ended).toBeInstanceOf(ToolServerCrashedError);
    expect((await counter.execute({}, idle)).value).toBe(1);
  });

  it('errors the turn of a tool that tried to kill the process, even when it caught the refusal', async () => {
    const ended = await failure((await tool('killsProcess')).execute({}, idle));
    expect(ended).toBeInstanceOf(ToolServerCrashedError);
    expect(ended.message).toBe(
      `tool killsProcess: process.kill(${process.pid}, "SIGKILL"): user code may not end the run`,
    );
  });

  it('does not start a call whose turn has already ended', async () => {
    const controller = new AbortController();
    controller.abort(timeout(2000));
    const error = await failure((await tool('counter')).execute({}, controller.signal));
    expect(error.message).toBe('tool counter timed out after 2 s');
  });
});
