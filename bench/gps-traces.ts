/**
 * Seeded synthetic GPS traces for the fusion benchmark (and a regression test).
 *
 * Noise model: the reported accuracy is the radial RMS error, i.e. a 2-D
 * Gaussian with a per-axis sigma of accuracy / sqrt(2) (its 68 % radius is
 * about 1.07 x accuracy, close to what Android documents). Outliers are fixes
 * hundreds of metres off that still claim an ordinary accuracy, which is how
 * multipath jumps look on a phone.
 */
import type { GpsFix } from '../src/domain/gps';
import type { LatLng } from '../src/domain/geo-types';
import { EARTH_RADIUS_M } from '../src/domain/rules';

export const TRACE_KINDS = ['walk', 'walk+outliers', 'under-trees', 'stationary', 'mixed'] as const;
export type TraceKind = (typeof TRACE_KINDS)[number];

export interface TraceSample {
  readonly truth: LatLng;
  readonly fix: GpsFix;
  /** True for an injected outlier. */
  readonly outlier: boolean;
  /** True inside the under-trees stretch. */
  readonly underTrees: boolean;
}

/** mulberry32: small, fast, good enough for test data. */
export function createRng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gaussian(rng: () => number): number {
  const u = Math.max(rng(), Number.MIN_VALUE);
  const v = rng();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

const ORIGIN: LatLng = { lat: 45.5048, lng: -73.587 }; // Mount Royal park, Montreal
const DEG = Math.PI / 180;
const WALK_SPEED_MPS = 1.4;
const DURATION_S = 900;
const OUTLIER_RATE = 0.05;

function toLatLng(east: number, north: number): LatLng {
  return {
    lat: ORIGIN.lat + north / (EARTH_RADIUS_M * DEG),
    lng: ORIGIN.lng + east / (EARTH_RADIUS_M * DEG * Math.cos(ORIGIN.lat * DEG)),
  };
}

/** Truth path at 0.1 s resolution: a walk at ~1.4 m/s with turns and stops, or standing still. */
function truthPath(rng: () => number, moving: boolean): { t: number; e: number; n: number }[] {
  const step = 0.1;
  const out: { t: number; e: number; n: number }[] = [];
  let e = 0;
  let n = 0;
  let heading = rng() * 360;
  let targetHeading = heading;
  let speed = moving ? WALK_SPEED_MPS : 0;
  let legLeft = 20 + rng() * 40; // seconds until the next turn or stop
  let stopLeft = 0;
  for (let t = 0; t <= DURATION_S + 5; t += step) {
    out.push({ t, e, n });
    if (!moving) continue;
    legLeft -= step;
    if (legLeft <= 0) {
      if (rng() < 0.25) stopLeft = 10 + rng() * 20;
      targetHeading = heading + (rng() < 0.5 ? -1 : 1) * (30 + rng() * 90);
      legLeft = 20 + rng() * 40;
    }
    // Turn at up to 30 deg/s; accelerate or brake at up to 1 m/s^2.
    const dh = targetHeading - heading;
    heading += Math.sign(dh) * Math.min(Math.abs(dh), 30 * step);
    const wanted = stopLeft > 0 ? 0 : WALK_SPEED_MPS * (0.9 + 0.2 * Math.sin(t / 37));
    if (stopLeft > 0) stopLeft -= step;
    speed += Math.sign(wanted - speed) * Math.min(Math.abs(wanted - speed), 1 * step);
    e += speed * Math.sin(heading * DEG) * step;
    n += speed * Math.cos(heading * DEG) * step;
  }
  return out;
}

type AccuracyModel = (t: number) => number;

/** Accuracy drifting between lo and hi (mean-reverting random walk in log space). */
function drifting(rng: () => number, lo: number, hi: number): AccuracyModel {
  const llo = Math.log(lo);
  const lhi = Math.log(hi);
  let x = llo + rng() * (lhi - llo);
  let lastT = 0;
  return (t) => {
    const dt = Math.max(0, t - lastT);
    lastT = t;
    const mid = (llo + lhi) / 2;
    x += 0.01 * (mid - x) * dt + 0.12 * Math.sqrt(dt) * gaussian(rng);
    // Reflect at the bounds.
    if (x < llo) x = 2 * llo - x;
    if (x > lhi) x = 2 * lhi - x;
    x = Math.min(lhi, Math.max(llo, x));
    return Math.exp(x);
  };
}

/** The under-trees stretch of the `under-trees` and `mixed` traces, in seconds. */
export const UNDER_TREES_FROM_S = 300;
export const UNDER_TREES_TO_S = 540;

export function generateTrace(kind: TraceKind, seed: number): TraceSample[] {
  const rng = createRng(seed * 7919 + TRACE_KINDS.indexOf(kind) * 104_729);
  const moving = kind !== 'stationary';
  const path = truthPath(rng, moving);
  const open = kind === 'under-trees' ? drifting(rng, 3, 5) : drifting(rng, 3, 30);
  const trees = drifting(rng, 8, 15);
  const hasTrees = kind === 'under-trees' || kind === 'mixed';
  const hasOutliers = kind === 'walk+outliers' || kind === 'mixed';
  const samples: TraceSample[] = [];
  let t = 0.5 + rng();
  while (t < DURATION_S) {
    const p = path[Math.round(t * 10)] ?? path[path.length - 1]!;
    const underTrees = hasTrees && t >= UNDER_TREES_FROM_S && t < UNDER_TREES_TO_S;
    const openAcc = open(t);
    const treeAcc = trees(t);
    const accuracy = Math.round((underTrees ? treeAcc : openAcc) * 10) / 10;
    const sigma = accuracy / Math.SQRT2;
    let e = p.e + sigma * gaussian(rng);
    let n = p.n + sigma * gaussian(rng);
    const outlier = hasOutliers && rng() < OUTLIER_RATE;
    if (outlier) {
      const d = 150 + rng() * 650;
      const a = rng() * 2 * Math.PI;
      e += d * Math.sin(a);
      n += d * Math.cos(a);
    }
    const pos = toLatLng(e, n);
    samples.push({
      truth: toLatLng(p.e, p.n),
      fix: { lat: pos.lat, lng: pos.lng, accuracy, timestamp: Math.round(1_700_000_000_000 + t * 1000) },
      outlier,
      underTrees,
    });
    // About 1 Hz with jitter, and now and then a gap of a few seconds.
    t += rng() < 0.03 ? 3 + rng() * 7 : 0.9 + rng() * 0.2;
  }
  return samples;
}
