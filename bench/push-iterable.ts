/**
 * A minimal push-to-pull async iterable: the streaming input of a long-lived SDK
 * `query()`. Push messages; `end()` lets the consumer finish.
 */
export class PushIterable<T> implements AsyncIterable<T> {
  private readonly queued: T[] = [];
  private waiting: ((result: IteratorResult<T>) => void) | undefined;
  private ended = false;

  push(value: T): void {
    if (this.ended) throw new Error("push after end");
    const waiting = this.waiting;
    this.waiting = undefined;
    if (waiting) waiting({ value, done: false });
    else this.queued.push(value);
  }

  end(): void {
    this.ended = true;
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): AsyncIterator<T> {
    return {
      next: () => {
        if (this.queued.length > 0)
          return Promise.resolve({ value: this.queued.shift()!, done: false });
        if (this.ended) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve) => (this.waiting = resolve));
      },
      return: () => {
        this.end();
        return Promise.resolve({ value: undefined, done: true });
      },
    };
  }
}
