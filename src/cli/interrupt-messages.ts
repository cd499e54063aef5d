/**
 * What a run says on stderr when a signal stops it, naming the signal that came: Ctrl-C (SIGINT) from a terminal,
 * SIGTERM from a service manager or a CI runner's cancel, SIGHUP when the terminal closed.
 */
export interface InterruptMessages {
  /** The first signal: no new test case starts. */
  readonly onStop: (signal: NodeJS.Signals) => void;
  /** The running cases are cancelled: a second signal, or the grace period's end after `signal`. */
  readonly onCancel: (signal: NodeJS.Signals) => void;
}

export function interruptMessages(graceSeconds: number, write = (text: string) => process.stderr.write(text)) {
  const messages: InterruptMessages = {
    onStop: (signal) =>
      write(
        `\n${interrupted(signal)}: no new test case starts; running ones get ${graceSeconds}s to finish ` +
          `(${again(signal)} to cancel them now)\n`,
      ),
    onCancel: (signal) =>
      write(`\ncancelling the running test cases (${again(signal)} to quit at once, without the reports)\n`),
  };
  return messages;
}

function interrupted(signal: NodeJS.Signals): string {
  if (signal === 'SIGINT') return 'interrupted';
  return signal === 'SIGHUP' ? 'interrupted (SIGHUP: the terminal closed)' : `interrupted (${signal})`;
}

function again(signal: NodeJS.Signals): string {
  if (signal === 'SIGINT') return 'Ctrl-C again';
  // No one is at a closed terminal to press Ctrl-C; a process manager may still send a signal.
  return signal === 'SIGHUP' ? 'another signal' : `${signal} or Ctrl-C again`;
}
