import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureStream } from '../../test/support/reporters/capture-stream.js';
import { reportOf } from '../../test/support/reporters/report-fixtures.js';
import { runInfo } from '../../test/support/reporters/run-info.js';
import { createConsoleReporter } from '../reporters/console-reporter.js';
import { interruptMessages } from './interrupt-messages.js';
import { type InterruptWatch, watchInterrupts } from './watch-interrupts.js';

const CLEAR_LINE = '\r\u001b[2K';
let watch: InterruptWatch | null = null;
afterEach(() => {
  watch?.dispose();
  watch = null;
  vi.useRealTimers();
});

describe('watchInterrupts on a terminal with a live progress line', () => {
  it('erases the progress line before saying the run is interrupted, then draws it again below', async () => {
    vi.useFakeTimers();
    // stdout and stderr on one terminal: one stream here, in the order the terminal gets them.
    const terminal = captureStream({ isTTY: true, columns: 120 });
    const reporter = createConsoleReporter({ stream: terminal, verbosity: 'normal', color: false, now: Date.now });
    await reporter.onBegin?.(runInfo({ total_cases: 8, total_turns: 8 }));
    expect(terminal.chunks.at(-1)).toContain('0/8 turns');
    watch = watchInterrupts({
      grace_ms: 60_000,
      onStop: () => terminal.write('\ninterrupted: no new test case starts\n'),
      onCancel: () => terminal.write('\ncancelling the running test cases\n'),
    });
    process.emit('SIGINT');
    expect(watch.stop.aborted).toBe(true);
    expect(terminal.chunks.slice(-2)).toEqual([CLEAR_LINE, '\ninterrupted: no new test case starts\n']);
    vi.advanceTimersByTime(1000);
    expect(terminal.chunks.at(-1)?.startsWith(CLEAR_LINE)).toBe(true);
    expect(terminal.chunks.at(-1)).toContain('0/8 cases done');
    process.emit('SIGINT');
    expect(watch.cancel.aborted).toBe(true);
    expect(terminal.chunks.slice(-2)).toEqual([CLEAR_LINE, '\ncancelling the running test cases\n']);
    await reporter.onEnd?.(reportOf([]), 'interrupted');
  });

  it('writes no erasing when no progress line is on screen', () => {
    const terminal = captureStream({ isTTY: true });
    watch = watchInterrupts({ grace_ms: 60_000, onStop: () => terminal.write('interrupted\n'), onCancel: () => {} });
    process.emit('SIGINT');
    expect(terminal.chunks).toEqual(['interrupted\n']);
  });
});

describe('watchInterrupts and the signal that came', () => {
  it('names SIGTERM, and how to cancel or quit, where a service manager or CI runner stopped the run', () => {
    vi.useFakeTimers();
    const terminal = captureStream({ isTTY: false });
    watch = watchInterrupts({ grace_ms: 30_000, ...interruptMessages(30, (text) => terminal.write(text)) });
    process.emit('SIGTERM');
    expect(terminal.chunks.join('')).toBe(
      '\ninterrupted (SIGTERM): no new test case starts; running ones get 30s to finish (SIGTERM or Ctrl-C again to cancel them now)\n',
    );
    vi.advanceTimersByTime(30_000);
    expect(watch.cancel.aborted).toBe(true);
    expect(terminal.chunks.at(-1)).toBe(
      '\ncancelling the running test cases (SIGTERM or Ctrl-C again to quit at once, without the reports)\n',
    );
  });

  it('says Ctrl-C for Ctrl-C, and cancels at once when the terminal closes', () => {
    const terminal = captureStream({ isTTY: false });
    watch = watchInterrupts({ grace_ms: 30_000, ...interruptMessages(30, (text) => terminal.write(text)) });
    process.emit('SIGINT');
    expect(terminal.chunks.at(-1)).toContain(
      'interrupted: no new test case starts; running ones get 30s to finish (Ctrl-C again',
    );
    expect(watch.cancel.aborted).toBe(false);
    process.emit('SIGHUP');
    expect(watch.cancel.aborted).toBe(true);
    expect(terminal.chunks.at(-1)).toContain('cancelling the running test cases (another signal to quit at once');
  });
});
