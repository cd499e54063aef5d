import { describe, expect, it } from 'vitest';
import { createReporterBacklog } from './reporter-backlog.js';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('createReporterBacklog', () => {
  it('lets writes run on without waiting up to the limit, then waits for the oldest one', async () => {
    const backlog = createReporterBacklog(2);
    const writes = [deferred(), deferred(), deferred()];
    expect(backlog.add(writes[0]?.promise)).toBeUndefined();
    expect(backlog.add(writes[1]?.promise)).toBeUndefined();
    const waiting = backlog.add(writes[2]?.promise);
    expect(waiting).toBeInstanceOf(Promise);
    let released = false;
    void waiting?.then(() => {
      released = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(released).toBe(false);
    writes[1]?.resolve();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(released).toBe(false);
    writes[0]?.resolve();
    await waiting;
    expect(released).toBe(true);
    expect(backlog.add(Promise.resolve())).toBeUndefined();
  });

  it('never has more than the limit outstanding over hundreds of writes finishing out of order', async () => {
    const backlog = createReporterBacklog(8);
    let outstanding = 0;
    let most = 0;
    for (let i = 0; i < 600; i += 1) {
      outstanding += 1;
      most = Math.max(most, outstanding);
      const write = new Promise<void>((resolve) =>
        setTimeout(
          () => {
            outstanding -= 1;
            resolve();
          },
          (i * 7919) % 4,
        ),
      );
      await backlog.add(write);
    }
    await backlog.drain();
    expect(outstanding).toBe(0);
    expect(most).toBe(9);
  });

  it('ignores hooks that returned nothing and drains at once when nothing is outstanding', async () => {
    const backlog = createReporterBacklog(1);
    expect(backlog.add(undefined)).toBeUndefined();
    await expect(backlog.drain()).resolves.toBeUndefined();
  });

  it('drain waits for every outstanding write, including one added while draining', async () => {
    const backlog = createReporterBacklog(10);
    const done: number[] = [];
    const later = deferred();
    backlog.add(new Promise<void>((resolve) => setTimeout(resolve, 20)).then(() => void done.push(1)));
    backlog.add(
      new Promise<void>((resolve) => setTimeout(resolve, 5)).then(() => {
        backlog.add(later.promise.then(() => void done.push(3)));
        setTimeout(() => later.resolve(), 30);
        done.push(2);
      }),
    );
    await backlog.drain();
    expect(done).toEqual([2, 1, 3]);
  });

  it('raises the first failed write at the next add and at drain, after the other writes finish', async () => {
    const backlog = createReporterBacklog(10);
    const slow = deferred();
    let slowDone = false;
    backlog.add(
      slow.promise.then(() => {
        slowDone = true;
      }),
    );
    backlog.add(Promise.reject(new Error('disk full')));
    backlog.add(Promise.reject(new Error('second failure')));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(() => backlog.add(Promise.resolve())).toThrow('disk full');
    const drained = backlog.drain();
    setTimeout(() => slow.resolve(), 10);
    await expect(drained).rejects.toThrow('disk full');
    expect(slowDone).toBe(true);
  });

  it('a write that fails while the run waits for room raises its error there', async () => {
    const backlog = createReporterBacklog(1);
    const first = deferred();
    backlog.add(first.promise);
    const waiting = backlog.add(new Promise<void>(() => undefined));
    first.reject(new Error('cannot append to the run log'));
    await expect(waiting).rejects.toThrow('cannot append to the run log');
  });
});
