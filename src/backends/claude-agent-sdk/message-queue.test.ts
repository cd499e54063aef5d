import { describe, expect, it } from 'vitest';
import { MessageQueue } from './message-queue.js';

describe('MessageQueue', () => {
  it('hands out queued and later pushed items in order, and ends after the queued ones', async () => {
    const queue = new MessageQueue<string>();
    queue.push('a');
    const iterator = queue[Symbol.asyncIterator]();
    expect(await iterator.next()).toEqual({ value: 'a', done: false });
    const waiting = iterator.next();
    queue.push('b');
    expect(await waiting).toEqual({ value: 'b', done: false });
    queue.push('c');
    queue.end();
    queue.push('ignored');
    expect(await iterator.next()).toEqual({ value: 'c', done: false });
    expect(await iterator.next()).toEqual({ value: undefined, done: true });
  });

  it('ends a waiting reader', async () => {
    const queue = new MessageQueue<number>();
    const waiting = queue[Symbol.asyncIterator]().next();
    queue.end();
    expect(await waiting).toEqual({ value: undefined, done: true });
  });
});
