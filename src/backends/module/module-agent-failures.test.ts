/** A module agent that throws, answers something unreadable, ignores its signal or cannot start: each a turn error. */
import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import {
  backendFor,
  config,
  open,
  toolSet,
  turnError,
  turnRequest,
} from '../../../test/support/backends/module-backend-harness.js';
import { AgentTurnError, BackendStartError } from '../../core/errors.js';
import { createModuleBackend } from './create-module-backend.js';

describe('module backend: agents that fail', () => {
  it('turns a throw in send into a turn error with the message, and the session goes on', async () => {
    const backend = await backendFor(() => ({
      send(turn) {
        if (turn.turn_index === 0) throw new Error('model quota exhausted');
        return 'recovered';
      },
    }));
    const session = await open(backend);
    const error = await turnError(session.send(turnRequest(0, 'a')));
    expect(error.message).toBe('module agent agents/oracle.ts:createAgent: model quota exhausted');
    expect(error.unrecoverable).toBe(false);
    expect((await session.send(turnRequest(1, 'b'))).response).toBe('recovered');
  });

  it('says a throw of something that is not an Error as thrown: a number, null, a string, an object, an empty Error', async () => {
    const thrown: unknown[] = [42, null, 'quota', { code: 42 }, new TypeError()];
    const backend = await backendFor(() => ({
      send(turn) {
        throw thrown[turn.turn_index];
      },
    }));
    const session = await open(backend);
    const messages: string[] = [];
    for (const index of [0, 1, 2, 3, 4]) {
      messages.push((await turnError(session.send(turnRequest(index, 'a')))).message);
    }
    expect(messages).toEqual([
      'module agent agents/oracle.ts:createAgent: threw 42',
      'module agent agents/oracle.ts:createAgent: threw null',
      'module agent agents/oracle.ts:createAgent: threw "quota"',
      'module agent agents/oracle.ts:createAgent: threw {"code":42}',
      'module agent agents/oracle.ts:createAgent: threw TypeError with no message',
    ]);
  });

  it('passes an AgentTurnError from the agent through, so it can end the session', async () => {
    const backend = await backendFor(() => ({
      send() {
        throw new AgentTurnError('license expired', 'ORACLE_LICENSE', true);
      },
    }));
    const error = await turnError((await open(backend)).send(turnRequest(0, 'a')));
    expect(error).toMatchObject({ message: 'license expired', code: 'ORACLE_LICENSE', unrecoverable: true });
  });

  it('rejects a result that is neither a string nor { response }', async () => {
    const backend = await backendFor(() => ({ send: () => ({ answer: 42 }) as unknown as string }));
    const error = await turnError((await open(backend)).send(turnRequest(0, 'a')));
    expect(error.code).toBe('MODULE_INVALID_RESULT');
    expect(error.message).toContain('must return a string or { response: string');
  });

  it('reports a factory that throws as an unrecoverable session error', async () => {
    const backend = await backendFor(() => {
      throw new Error('cannot read the reference programs');
    });
    const error = await turnError(open(backend));
    expect(error).toMatchObject({ code: 'MODULE_START', unrecoverable: true });
    expect(error.message).toContain('cannot read the reference programs');
  });

  it('says what a factory returned that is no agent, as an unrecoverable session error', async () => {
    const cases: [unknown, string][] = [
      [null, 'its factory returned null, not an agent: return an object with a send(turn) method'],
      [42, 'its factory returned number, not an agent'],
      [[], 'its factory returned an array, not an agent'],
      [{ run: () => 'x' }, 'its factory returned an object without a send(turn) method (send is missing)'],
      [{ send: 'x' }, 'an object without a send(turn) method (send is string)'],
    ];
    for (const [made, said] of cases) {
      const backend = await backendFor(() => made as never);
      const error = await turnError(open(backend));
      expect(error).toMatchObject({ code: 'MODULE_START', unrecoverable: true });
      expect(error.message).toContain(said);
    }
  });

  it('gives up on an agent that ignores the turn signal, and does not leak its late tool calls', async () => {
    let release: () => void = () => undefined;
    const backend = await backendFor(({ tools }) => ({
      async send(turn) {
        if (turn.turn_index === 0) {
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          await tools['subtract']?.({ a: 2, b: 1 });
          return 'late';
        }
        return 'on time';
      },
    }));
    const session = await open(backend);
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('turn timed out after 0.05s')), 50);
    const error = await turnError(session.send(turnRequest(0, 'slow', controller.signal)));
    expect(error).toMatchObject({ code: 'TURN_ABORTED', message: 'turn aborted: turn timed out after 0.05s' });
    const next = session.send(turnRequest(1, 'fast'));
    release();
    const turn = await next;
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(turn.tool_invocations).toEqual([]);
  });

  it('fails the turn naming the agent when reading its result throws (a getter, a proxy)', async () => {
    const backend = await backendFor(() => ({
      send: (turn) =>
        (turn.input === 'getter'
          ? {
              get response(): string {
                throw new Error('getter boom');
              },
            }
          : new Proxy(
              {},
              {
                get() {
                  throw new Error('proxy boom');
                },
              },
            )) as unknown as string,
    }));
    const session = await open(backend);
    expect(await turnError(session.send(turnRequest(0, 'getter')))).toMatchObject({
      code: 'MODULE_INVALID_RESULT',
      message: expect.stringMatching(/^module agent .+: reading its result threw: getter boom$/),
    });
    // Awaiting the result already reads it (`then`): the agent's error, named as such.
    expect(await turnError(session.send(turnRequest(1, 'proxy')))).toMatchObject({
      code: 'MODULE_AGENT_ERROR',
      message: expect.stringMatching(/^module agent .+: proxy boom$/),
    });
  });

  it('aborts a turn when the session is cancelled, and leaves no listener on the session or turn signals', async () => {
    const backend = await backendFor(() => ({
      send: (turn) =>
        turn.input === 'wait'
          ? new Promise<string>((_, reject) =>
              turn.signal.addEventListener('abort', () => reject(new Error('stopped'))),
            )
          : `echo ${turn.input}`,
    }));
    const cancel = new AbortController();
    const session = await backend.openSession({ test_case_name: 'JKHY-2009', signal: cancel.signal });
    const turnSignals = Array.from({ length: 12 }, () => new AbortController().signal);
    for (const [index, signal] of turnSignals.entries()) {
      expect((await session.send(turnRequest(index, `q${index}`, signal))).response).toBe(`echo q${index}`);
    }
    for (const signal of [cancel.signal, ...turnSignals]) expect(getEventListeners(signal, 'abort')).toHaveLength(0);
    const waiting = session.send(turnRequest(12, 'wait'));
    cancel.abort(new Error('run interrupted before the turn finished'));
    const error = await turnError(waiting);
    expect(error).toMatchObject({
      code: 'TURN_ABORTED',
      message: 'turn aborted: run interrupted before the turn finished',
    });
    expect(getEventListeners(cancel.signal, 'abort')).toHaveLength(0);
  });

  it('closes the agent session', async () => {
    let closed = 0;
    const backend = await backendFor(() => ({
      send: () => 'x',
      close: () => {
        closed += 1;
      },
    }));
    const session = await open(backend);
    await session.close();
    expect(closed).toBe(1);
  });

  it('refuses a config whose backend is not a module', async () => {
    await expect(createModuleBackend(config({ type: 'ai_sdk' }), { toolSet })).rejects.toThrow(BackendStartError);
  });
});
