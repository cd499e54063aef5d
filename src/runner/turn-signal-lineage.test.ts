import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { followAbort } from '../core/follow-abort.js';
import { followAny } from '../core/follow-any.js';
import { followsSignal } from '../core/signal-lineage.js';
import { createTurnSignal } from './turn-signal.js';

describe('signal lineage', () => {
  it('knows a followed signal and its ancestors while it follows them, and forgets them once disposed', () => {
    const run = new AbortController();
    const testCase = followAbort(run.signal, 'few');
    const turn = createTurnSignal(testCase.signal, 60_000);
    expect(followsSignal(turn.signal, testCase.signal)).toBe(true);
    expect(followsSignal(turn.signal, run.signal)).toBe(true);
    expect(followsSignal(testCase.signal, turn.signal)).toBe(false);
    expect(followsSignal(run.signal, testCase.signal)).toBe(false);
    turn.dispose();
    expect(followsSignal(turn.signal, testCase.signal)).toBe(false);
    testCase.dispose();
    expect(followsSignal(testCase.signal, run.signal)).toBe(false);
  });

  it('followAny over a turn and its test case is the turn signal itself, which aborts as the case does', () => {
    const run = new AbortController();
    const testCase = followAbort(run.signal, 'few');
    const turn = createTurnSignal(testCase.signal, 60_000);
    const listening = getEventListeners(testCase.signal, 'abort').length;
    const either = followAny([turn.signal, testCase.signal]);
    expect(either.signal).toBe(turn.signal);
    expect(getEventListeners(testCase.signal, 'abort')).toHaveLength(listening);
    run.abort(new Error('stop'));
    expect(either.signal.aborted).toBe(true);
    expect((either.signal.reason as Error).name).toBe('InterruptedError');
    either.dispose();
    turn.dispose();
    testCase.dispose();
  });

  it('followAny makes its own signal for sources that do not follow each other, or no longer do', () => {
    const testCase = followAbort(new AbortController().signal, 'few');
    const turn = createTurnSignal(testCase.signal, 60_000);
    const closing = new AbortController();
    const three = followAny([turn.signal, testCase.signal, closing.signal]);
    expect(three.signal).not.toBe(turn.signal);
    closing.abort(new Error('closing'));
    expect(three.signal.reason).toEqual(new Error('closing'));
    three.dispose();
    turn.dispose();
    const after = followAny([turn.signal, testCase.signal]);
    expect(after.signal).not.toBe(turn.signal);
    after.dispose();
    testCase.dispose();
  });
});
