/**
 * GPS accuracy benchmark: `npm run bench:gps [-- --seeds N]`.
 *
 * For each synthetic trace kind (bench/gps-traces.ts), over N seeds, prints
 * the error in metres against the truth of: the raw fixes, the spec's watch
 * algorithm (createSpecWatchFilter, live-play generation, the baseline) and
 * ours (createGpsFusion). The position a method shows after each fix is what
 * is scored, so ignored or rejected fixes leave the previous one in place,
 * exactly as the map would show it. Exits non-zero if a target is missed.
 */
import { createGpsFusion, createSpecWatchFilter, type GpsFilter } from '../src/domain/gps';
import type { LatLng } from '../src/domain/geo-types';
import { bearingDegrees, distanceMeters } from '../src/domain/scanner';
import { generateTrace, TRACE_KINDS, type TraceKind, type TraceSample } from './gps-traces';

const WALK_RATIO_TARGET = 0.6;
const UNDER_TREES_MAX_M = 20;
const P95 = 0.95;
const LINE = 74;

interface Errors {
  all: number[];
  trees: number[];
  /** Under trees, while walking: how far the shown position is behind the hunter along their path. */
  behind: number[];
}

export interface TraceResult {
  readonly raw: Errors;
  readonly rawInliers: number[];
  readonly spec: Errors;
  readonly ours: Errors;
}

const DEG = Math.PI / 180;
/** Below this step between two fixes the hunter is standing and "behind" has no direction. */
const MOVING_STEP_M = 0.05;

/** Along-track lag of `shown`: positive when it trails the hunter, who went from `prev` to `truth`. */
export function behindMeters(prev: LatLng, truth: LatLng, shown: LatLng): number {
  const heading = bearingDegrees(prev, truth) * DEG;
  const toShown = bearingDegrees(truth, shown) * DEG;
  return -distanceMeters(truth, shown) * Math.cos(toShown - heading);
}

function score(samples: readonly TraceSample[], filter: GpsFilter): Errors {
  const all: number[] = [];
  const trees: number[] = [];
  const behind: number[] = [];
  samples.forEach((s, i) => {
    filter.push(s.fix);
    const shown: LatLng | null = filter.current();
    if (shown === null) return;
    const e = distanceMeters(shown, s.truth);
    all.push(e);
    if (!s.underTrees) return;
    trees.push(e);
    const prev = samples[i - 1];
    if (prev && distanceMeters(prev.truth, s.truth) > MOVING_STEP_M) behind.push(behindMeters(prev.truth, s.truth, shown));
  });
  return { all, trees, behind };
}

export function runTrace(kind: TraceKind, seed: number): TraceResult {
  const samples = generateTrace(kind, seed);
  const rawAll = samples.map((s) => distanceMeters(s.fix, s.truth));
  return {
    raw: {
      all: rawAll,
      trees: samples.filter((s) => s.underTrees).map((s) => distanceMeters(s.fix, s.truth)),
      behind: [],
    },
    rawInliers: samples.filter((s) => !s.outlier).map((s) => distanceMeters(s.fix, s.truth)),
    spec: score(samples, createSpecWatchFilter({ generation: 'live-play' })),
    ours: score(samples, createGpsFusion()),
  };
}

export function rms(xs: readonly number[]): number {
  if (xs.length === 0) return 0;
  return Math.sqrt(xs.reduce((s, x) => s + x * x, 0) / xs.length);
}

export function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) return 0;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
}

function max(xs: readonly number[]): number {
  return xs.reduce((m, x) => Math.max(m, x), 0);
}

function main(): void {
  const seedsArg = process.argv.indexOf('--seeds');
  const seeds = seedsArg >= 0 ? Number(process.argv[seedsArg + 1]) : 20;
  const fmt = (x: number, w = 8) => x.toFixed(1).padStart(w);
  const failures: string[] = [];
  console.log(`GPS fusion benchmark: ${seeds} seeded traces of 15 min per kind, ~1 Hz fixes, errors in metres`);
  console.log('(spec = live-play watch algorithm as specified; ours = createGpsFusion)');
  console.log('trees max = largest error in the under-trees stretch; behind = largest along-track lag there\n');
  console.log(
    `${'trace'.padEnd(14)}${'method'.padEnd(16)}${'RMS'.padStart(8)}${'P95'.padStart(8)}${'max'.padStart(8)}${'trees max'.padStart(11)}${'behind'.padStart(9)}`,
  );
  console.log('-'.repeat(LINE));
  for (const kind of TRACE_KINDS) {
    const perSeed = Array.from({ length: seeds }, (_, i) => runTrace(kind, i + 1));
    const pool = (pick: (r: TraceResult) => readonly number[]) => perSeed.flatMap((r) => [...pick(r)]);
    type Row = [string, number[], number[], number[]];
    const rows: Row[] = [
      ['raw fixes', pool((r) => r.raw.all), pool((r) => r.raw.trees), []],
      ...(kind === 'walk+outliers' || kind === 'mixed'
        ? [['raw (inliers)', pool((r) => r.rawInliers), [], []] as Row]
        : []),
      ['spec baseline', pool((r) => r.spec.all), pool((r) => r.spec.trees), pool((r) => r.spec.behind)],
      ['ours', pool((r) => r.ours.all), pool((r) => r.ours.trees), pool((r) => r.ours.behind)],
    ];
    rows.forEach(([name, all, trees, behind], i) => {
      const treesCol = trees.length > 0 ? fmt(max(trees), 11) : '-'.padStart(11);
      const behindCol = behind.length > 0 ? fmt(max(behind), 9) : '-'.padStart(9);
      console.log(
        `${(i === 0 ? kind : '').padEnd(14)}${name.padEnd(16)}${fmt(rms(all))}${fmt(percentile(all, P95))}${fmt(max(all))}${treesCol}${behindCol}`,
      );
    });

    // Targets: RMS on every seed, P95 on the pooled errors (and how many seeds win is shown).
    const oursP95 = percentile(pool((r) => r.ours.all), P95);
    const specP95 = percentile(pool((r) => r.spec.all), P95);
    let worstVsSpecRms = 0;
    let p95Wins = 0;
    let worstWalkRatio = 0;
    let worstBehind = 0;
    for (const r of perSeed) {
      worstVsSpecRms = Math.max(worstVsSpecRms, rms(r.ours.all) / rms(r.spec.all));
      if (percentile(r.ours.all, P95) < percentile(r.spec.all, P95)) p95Wins += 1;
      worstWalkRatio = Math.max(worstWalkRatio, rms(r.ours.all) / rms(r.raw.all));
      worstBehind = Math.max(worstBehind, max(r.ours.behind));
    }
    const checks: [string, boolean][] = [
      [`ours/spec RMS worst seed ${worstVsSpecRms.toFixed(2)} (< 1)`, worstVsSpecRms < 1],
      [
        `ours/spec P95 pooled ${(oursP95 / specP95).toFixed(2)} (< 1); ours better on ${p95Wins}/${seeds} seeds`,
        oursP95 < specP95,
      ],
    ];
    if (kind === 'walk') {
      checks.push([
        `ours/raw RMS worst seed ${worstWalkRatio.toFixed(2)} (<= ${WALK_RATIO_TARGET})`,
        worstWalkRatio <= WALK_RATIO_TARGET,
      ]);
    }
    if (kind === 'under-trees' || kind === 'mixed') {
      checks.push([
        `ours never more than ${worstBehind.toFixed(1)} m behind under trees (<= ${UNDER_TREES_MAX_M})`,
        worstBehind <= UNDER_TREES_MAX_M,
      ]);
    }
    for (const [label, ok] of checks) {
      console.log(`${''.padEnd(14)}${ok ? 'PASS' : 'FAIL'}  ${label}`);
      if (!ok) failures.push(`${kind}: ${label}`);
    }
    console.log('-'.repeat(LINE));
  }
  if (failures.length > 0) {
    console.log(`\n${failures.length} target(s) missed:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.log('\nAll targets met.');
  }
}

if (process.argv[1]?.endsWith('gps.bench.ts')) main();
