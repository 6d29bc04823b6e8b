import 'server-only';
import { availableParallelism } from 'node:os';
import { ApiError } from '@/lib/api/errors';

/**
 * Password hashing is the one CPU-bound step of a request. Unbounded, a flood of sign-ins took every core (scrypt
 * runs on libuv's four threads) and page views waited 5 to 28 s. At most `concurrency` hashes run at once, leaving a
 * core for rendering; up to `queue` more wait their turn; beyond that a request is refused at once, which
 * costs nothing. 429 rather than 503: the client should do what it does at its own limit, wait and try again.
 */
export class HashGate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    readonly concurrency: number,
    readonly queue: number,
  ) {}

  /** No room to run or wait: a request that would hash can be refused before it costs anything else. */
  get full(): boolean {
    return this.running >= this.concurrency && this.waiting.length >= this.queue;
  }

  /** Throws the 429 `busy` answer when full. */
  assertRoom(): void {
    if (this.full) throw busy();
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.queue) throw busy();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter, so `running` counts it without a gap.
      if (next) next();
      else this.running -= 1;
    }
  }
}

export const HASH_BUSY_MESSAGE = 'The salon site is very busy right now. Please try again in a few seconds.';

function busy(): ApiError {
  return new ApiError(429, 'busy', HASH_BUSY_MESSAGE, undefined, { 'retry-after': '5' });
}

const concurrency = Math.max(1, availableParallelism() - 1);
export const passwordHashGate = new HashGate(concurrency, 4 * concurrency);
