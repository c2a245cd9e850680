import { describe, expect, it } from 'vitest';
import { jsonDepthExceeds } from './json-scan';

function depthOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  return 1 + Math.max(0, ...Object.values(value).map(depthOf));
}

describe('jsonDepthExceeds', () => {
  it('counts objects and arrays', () => {
    expect(jsonDepthExceeds('{}', 1)).toBe(false);
    expect(jsonDepthExceeds('{"a":[1,{"b":2}]}', 3)).toBe(false);
    expect(jsonDepthExceeds('{"a":[1,{"b":2}]}', 2)).toBe(true);
    expect(jsonDepthExceeds('[[[]],[[]]]', 3)).toBe(false);
    expect(jsonDepthExceeds('[[[[]]]]', 3)).toBe(true);
  });

  it('ignores brackets inside strings, escaped quotes and backslashes included', () => {
    expect(jsonDepthExceeds(JSON.stringify({ text: '[[[[{{{{' }), 1)).toBe(false);
    expect(jsonDepthExceeds(JSON.stringify({ text: 'say "[[[[" \\' }), 1)).toBe(false);
    expect(jsonDepthExceeds(JSON.stringify({ text: '\\', next: [[[1]]] }), 3)).toBe(true);
    expect(jsonDepthExceeds(JSON.stringify(['\\"[[', '{{']), 1)).toBe(false);
  });

  it('agrees with the parsed depth on generated values', () => {
    const values: unknown[] = [];
    let v: unknown = 'leaf "]}" \\';
    for (let d = 0; d < 40; d++) {
      v = d % 2 === 0 ? [v, '[', { s: '}' }] : { k: v, q: '"{' };
      values.push(v);
    }
    for (const value of values) {
      const text = JSON.stringify(value);
      const depth = depthOf(value);
      expect(jsonDepthExceeds(text, depth)).toBe(false);
      expect(jsonDepthExceeds(text, depth - 1)).toBe(true);
    }
  });

  it('walks texts with many brackets but little depth (the slow path) correctly', () => {
    const shallow = JSON.stringify(Array.from({ length: 100 }, (_, i) => ({ k: [i, `a\\"[{${'\\'.repeat(i % 4)}`] })));
    expect(jsonDepthExceeds(shallow, 3)).toBe(false);
    expect(jsonDepthExceeds(shallow, 2)).toBe(true);
    // An unterminated string: not too deep (JSON.parse refuses it).
    expect(jsonDepthExceeds(`${'[1],'.repeat(40)}"[[[[`, 1)).toBe(false);
  });

  it('stops early on a megabyte of [', () => {
    const text = '['.repeat(1024 * 1024);
    const started = performance.now();
    expect(jsonDepthExceeds(text, 32)).toBe(true);
    expect(performance.now() - started).toBeLessThan(50);
  });
});
