import { describe, expect, it } from 'vitest';
import { CircuitBreaker, CircuitOpenError } from './circuit-breaker';

function breaker(isFailure?: (err: unknown) => boolean) {
  let now = 1_000_000;
  const warnings: string[] = [];
  const b = new CircuitBreaker({
    name: 'the geocoder',
    failureThreshold: 3,
    coolDownMs: 30_000,
    clock: () => now,
    log: { warn: (m) => warnings.push(m) },
    ...(isFailure ? { isFailure } : {}),
  });
  return { b, warnings, advance: (ms: number) => (now += ms) };
}

const down = () => Promise.reject(new Error('timeout'));
const up = () => Promise.resolve('answer');

describe('CircuitBreaker', () => {
  it('opens after failureThreshold failures in a row and then refuses without calling', async () => {
    const { b, warnings } = breaker();
    for (let i = 0; i < 3; i++) await expect(b.run(down)).rejects.toThrow('timeout');
    expect(b.state).toBe('open');
    expect(warnings).toEqual(['the geocoder: 3 failures in a row; calls fail fast for 30 s before a probe']);
    let called = false;
    const refused = await b
      .run(async () => {
        called = true;
        return 'x';
      })
      .catch((e: unknown) => e);
    expect(called).toBe(false);
    expect(refused).toBeInstanceOf(CircuitOpenError);
    expect((refused as CircuitOpenError).retryAfterSeconds).toBe(30);
  });

  it('a success between failures resets the count', async () => {
    const { b } = breaker();
    await expect(b.run(down)).rejects.toThrow();
    await expect(b.run(down)).rejects.toThrow();
    await expect(b.run(up)).resolves.toBe('answer');
    await expect(b.run(down)).rejects.toThrow();
    await expect(b.run(down)).rejects.toThrow();
    expect(b.state).toBe('closed');
  });

  it('after the cool-down one probe goes through: its success closes the breaker', async () => {
    const { b, warnings, advance } = breaker();
    for (let i = 0; i < 3; i++) await expect(b.run(down)).rejects.toThrow();
    advance(29_999);
    await expect(b.run(up)).rejects.toBeInstanceOf(CircuitOpenError);
    advance(1);
    expect(b.state).toBe('half-open');
    let release!: (v: string) => void;
    const probe = b.run(() => new Promise<string>((resolve) => (release = resolve)));
    // While the probe is out, the others still fail fast.
    await expect(b.run(up)).rejects.toBeInstanceOf(CircuitOpenError);
    release('probed');
    await expect(probe).resolves.toBe('probed');
    expect(b.state).toBe('closed');
    expect(warnings.at(-1)).toBe('the geocoder: answering again, calls resume');
    await expect(b.run(up)).resolves.toBe('answer');
  });

  it("a failed probe opens it for another full cool-down", async () => {
    const { b, advance } = breaker();
    for (let i = 0; i < 3; i++) await expect(b.run(down)).rejects.toThrow();
    advance(30_000);
    await expect(b.run(down)).rejects.toThrow('timeout');
    expect(b.state).toBe('open');
    advance(29_000);
    const refused = await b.run(up).catch((e: unknown) => e);
    expect((refused as CircuitOpenError).retryAfterSeconds).toBe(1);
    advance(1_000);
    await expect(b.run(up)).resolves.toBe('answer');
  });

  it('errors that say nothing about the dependency being down are not counted', async () => {
    const { b } = breaker((err) => (err as Error).message !== 'card declined');
    for (let i = 0; i < 5; i++) await expect(b.run(() => Promise.reject(new Error('card declined')))).rejects.toThrow();
    expect(b.state).toBe('closed');
  });
});
