/** An async iterable fed by `push`: the streaming input of a Claude Code session, one message per turn. */
export class MessageQueue<T> implements AsyncIterable<T> {
  private readonly items: T[] = [];
  private waiting: ((result: IteratorResult<T, undefined>) => void) | null = null;
  private ended = false;

  push(item: T): void {
    if (this.ended) return;
    const waiting = this.waiting;
    if (waiting === null) {
      this.items.push(item);
      return;
    }
    this.waiting = null;
    waiting({ value: item, done: false });
  }

  /** No more messages: the iteration ends once the queued ones are taken. */
  end(): void {
    this.ended = true;
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): AsyncIterator<T, undefined> {
    return {
      next: () => {
        const item = this.items.shift();
        if (item !== undefined) return Promise.resolve({ value: item, done: false });
        if (this.ended) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve) => {
          this.waiting = resolve;
        });
      },
      return: () => {
        this.end();
        return Promise.resolve({ value: undefined, done: true });
      },
    };
  }
}
