import { describe, expect, it } from 'vitest';
import { Semaphore } from './semaphore';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('Semaphore', () => {
  it('runs at most `slots` tasks at once, the rest in arrival order, and frees slots on failure', async () => {
    const sem = new Semaphore(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const tasks = Array.from({ length: 7 }, (_, i) =>
      sem.run(async () => {
        running++;
        most = Math.max(most, running);
        order.push(i);
        await tick();
        running--;
        if (i % 3 === 0) throw new Error(`task ${i}`);
        return i;
      }),
    );
    expect(sem.load).toEqual({ active: 2, waiting: 5 });
    const results = await Promise.allSettled(tasks);
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(3);
    expect(sem.load).toEqual({ active: 0, waiting: 0 });
    expect(await sem.run(async () => 'again')).toBe('again');
  });

  it('refuses zero slots', () => {
    expect(() => new Semaphore(0)).toThrow();
  });
});
