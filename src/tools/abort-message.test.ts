import { describe, expect, it } from 'vitest';
import { turnTimeout as timeout } from '../../test/support/tools/fixture-tool.js';
import { AgentTurnError } from '../core/errors.js';
import { abortMessage } from './abort-message.js';

describe('abortMessage', () => {
  it('says how long the turn had when it timed out, else what stopped it', () => {
    expect(abortMessage('divide', timeout(60_000))).toBe('tool divide timed out after 60 s');
    expect(abortMessage('divide', timeout(1500))).toBe('tool divide timed out after 1.5 s');
    expect(abortMessage('divide', new Error('run interrupted'))).toBe('tool divide was interrupted: run interrupted');
    expect(abortMessage('divide', undefined)).toBe('tool divide was interrupted: aborted');
  });

  it("finds the time limit under a backend's own reason, and stops at a cause chain that loops", () => {
    const wrapped = new AgentTurnError('turn aborted: timed out', 'TURN_ABORTED', false, { cause: timeout(2000) });
    expect(abortMessage('slow', wrapped)).toBe('tool slow timed out after 2 s');
    const looping = new Error('stopped');
    (looping as { cause?: unknown }).cause = looping;
    expect(abortMessage('slow', looping)).toBe('tool slow was interrupted: stopped');
  });
});
