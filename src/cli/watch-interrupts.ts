/** First Ctrl-C (SIGINT/SIGTERM): stop scheduling and cancel running turns; a second one exits at once. */
export interface InterruptWatch {
  readonly signal: AbortSignal;
  dispose(): void;
}

export function watchInterrupts(onFirst: () => void): InterruptWatch {
  const controller = new AbortController();
  const handler = () => {
    if (controller.signal.aborted) process.exit(130);
    onFirst();
    controller.abort();
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  return {
    signal: controller.signal,
    dispose() {
      process.off('SIGINT', handler);
      process.off('SIGTERM', handler);
    },
  };
}
