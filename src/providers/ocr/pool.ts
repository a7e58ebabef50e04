// A fixed set of resources (OCR workers, process slots) handed out one task at a time.
export class Pool<T> {
  private readonly idle: T[];
  private readonly waiting: ((item: T) => void)[] = [];
  private readonly drainers: (() => void)[] = [];
  private closed = false;

  constructor(readonly items: readonly T[]) {
    if (items.length === 0) throw new RangeError('a pool needs at least one item');
    this.idle = [...items];
  }

  get size(): number {
    return this.items.length;
  }

  /** Runs `fn` with an item to itself; waits while every item is busy. */
  async use<R>(fn: (item: T) => Promise<R>): Promise<R> {
    const item = await this.acquire();
    try {
      return await fn(item);
    } finally {
      this.release(item);
    }
  }

  /** Refuses new tasks, lets queued and running ones finish, then returns every item. */
  async drain(): Promise<readonly T[]> {
    this.closed = true;
    if (this.idle.length < this.items.length) await new Promise<void>((resolve) => this.drainers.push(resolve));
    return this.items;
  }

  private acquire(): Promise<T> {
    if (this.closed) return Promise.reject(new Error('the OCR engine is closed'));
    const item = this.idle.pop();
    if (item !== undefined) return Promise.resolve(item);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(item: T): void {
    const next = this.waiting.shift();
    if (next) return next(item);
    this.idle.push(item);
    if (this.idle.length === this.items.length) for (const done of this.drainers.splice(0)) done();
  }
}
