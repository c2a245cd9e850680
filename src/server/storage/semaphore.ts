// At most `slots` tasks at a time; the others wait in arrival order. For photo decoding
// (uploads.ts): each decode may hold ~150 MB, so a burst of uploads queues instead of
// multiplying the server's memory.
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly slots: number) {
    if (!(slots >= 1)) throw new Error('a semaphore needs at least one slot');
  }

  /** Runs `task` once a slot is free; the slot is given back however the task ends. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.slots) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next in line (active stays the same), or is freed.
      if (next) next();
      else this.active--;
    }
  }

  /** Tasks running now and tasks waiting (for tests and logs). */
  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }
}
