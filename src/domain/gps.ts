/**
 * GPS: precision tiers, outlier rejection and position fusion.
 *
 * Two generations of the phone's watch code are described by the specs, and
 * both are offered here as the *spec tiers* ({@link createSpecWatchFilter}):
 *
 * - `live-play` (live-play spec, sections 4 and 9): <= 2 m is `ultra_high`;
 *   <= 5 m is `high_smoothed` when at least 3 of the recent fixes are within
 *   5 m (1/accuracy-weighted average of the last 10 of them), else `high`;
 *   worse fixes are ignored while a <= 5 m position is held, else sent as
 *   `standard` (fused over the last 10 readings when 3 of them are within
 *   50 m); outliers are dropped ({@link isOutlier}).
 * - `legacy` (accounts spec, sections 4 and 9): the same tiers, smoothing over
 *   at least 2 samples of the last 15, no outlier rejection, no fusion.
 *
 * Both freeze a hunter who walks under trees (every fix worse than 5 m is
 * ignored once a 5 m one was seen) and their plain averages lag a walking
 * hunter. {@link createGpsFusion} is what the app uses: a multiple-model
 * Kalman filter (walking, turning, standing still) whose measurement noise
 * comes from the reported accuracy, with the spec's outlier rules and a
 * statistical gate that can never lock the position (see its TSDoc).
 * `npm run bench:gps` compares the three.
 *
 * Pure: no clock (fix timestamps drive everything), no randomness, no I/O.
 */
import { isValidLatLng, type LatLng, type PrecisionTier } from './geo-types';
import {
  DEFAULT_FIX_ACCURACY_M,
  DEFAULT_LOCATION,
  EARTH_RADIUS_M,
  FUSION_CLOCK_STEP_MS,
  FUSION_GATE_CHI2,
  FUSION_GOOD_ACCURACY_M,
  FUSION_HISTORY,
  FUSION_INITIAL_SPEED_SIGMA_MPS,
  FUSION_MANEUVER_NOISE_M2_S3,
  FUSION_MANEUVER_TIME_S,
  FUSION_MEASUREMENT_SIGMA_PER_ACCURACY,
  FUSION_MIN_GOOD,
  FUSION_PROCESS_NOISE_M2_S3,
  FUSION_REINIT_AFTER_REJECTS,
  FUSION_STANDING_TIME_S,
  FUSION_STILL_NOISE_M2_S,
  FUSION_WALKING_TIME_S,
  HIGH_ACCURACY_M,
  LEGACY_MAX_SAMPLES,
  LEGACY_SMOOTHING_MIN_SAMPLES,
  MAX_REPORTED_ACCURACY_M,
  MS_PER_SECOND,
  OUTLIER_ACCURACY_FACTOR,
  OUTLIER_ACCURACY_FLOOR_M,
  OUTLIER_MAX_SPEED_MPS,
  SMOOTHING_HISTORY,
  SMOOTHING_MIN_SAMPLES,
  ULTRA_HIGH_ACCURACY_M,
} from './rules';
import { distanceMeters } from './scanner';

export { DEFAULT_LOCATION } from './rules';
export type { LatLng, PrecisionTier } from './geo-types';

/** A reading from the device (Geolocation API shape, flattened). */
export interface GpsFix {
  readonly lat: number;
  readonly lng: number;
  /** Reported accuracy in metres; missing, non-finite or <= 0 means 5 m. */
  readonly accuracy?: number | null;
  /** Milliseconds (epoch or any monotonic clock; only differences matter). */
  readonly timestamp: number;
}

/** A fix after validation: accuracy always set. */
export interface Fix extends LatLng {
  readonly accuracy: number;
  readonly timestamp: number;
}

/** What a filter sends on (the socket's hunter_location payload fields). */
export interface FusedPosition extends Fix {
  readonly precision: PrecisionTier;
}

/** A filter of fixes: push each reading, read the latest position. */
export interface GpsFilter {
  /** The new position, or null when the fix is rejected or ignored. */
  push(fix: GpsFix): FusedPosition | null;
  /** The latest position, or null before the first accepted fix. */
  current(): FusedPosition | null;
  /** Forgets everything (e.g. when the hunter leaves the session). */
  reset(): void;
}

/**
 * Validates a reading: null when lat/lng are not finite or out of range, or
 * the timestamp is not finite. A missing (or NaN, zero or negative: not a
 * reading) accuracy becomes {@link DEFAULT_FIX_ACCURACY_M} (5 m, accounts spec
 * section 9); a huge or infinite one, the worst there is, is capped at
 * {@link MAX_REPORTED_ACCURACY_M} so the filter's arithmetic stays finite.
 */
export function normalizeFix(fix: GpsFix): Fix | null {
  if (!isValidLatLng(fix) || !Number.isFinite(fix.timestamp)) return null;
  const a = fix.accuracy;
  const accuracy =
    typeof a !== 'number' || Number.isNaN(a) || a <= 0 ? DEFAULT_FIX_ACCURACY_M : Math.min(a, MAX_REPORTED_ACCURACY_M);
  return { lat: fix.lat, lng: fix.lng, accuracy, timestamp: fix.timestamp };
}

/**
 * The spec's outlier rules, `fix` against `prev` (the last accepted fix):
 * 1. the implied speed is over 100 m/s (distance / time between them; when
 *    no time has passed, any movement at all counts as too fast);
 * 2. the accuracy is worse than 3 times the previous one and above 50 m.
 * Both boundaries are exclusive: exactly 100 m/s, or exactly 3x or 50 m,
 * are not outliers. With no previous fix nothing is an outlier.
 */
export function isOutlier(prev: Fix | null, fix: Fix): boolean {
  if (prev === null) return false;
  return isSpeedOutlier(prev, fix) || isAccuracyOutlier(prev, fix);
}

/** Rule 1 of {@link isOutlier}: implied speed over 100 m/s. */
export function isSpeedOutlier(prev: Fix, fix: Fix): boolean {
  const d = distanceMeters(prev, fix);
  const dtS = (fix.timestamp - prev.timestamp) / MS_PER_SECOND;
  if (dtS <= 0) return d > 0;
  return d / dtS > OUTLIER_MAX_SPEED_MPS;
}

/** Rule 2 of {@link isOutlier}: accuracy worse than 3x the last and above 50 m. */
export function isAccuracyOutlier(prev: Fix, fix: Fix): boolean {
  return fix.accuracy > OUTLIER_ACCURACY_FACTOR * prev.accuracy && fix.accuracy > OUTLIER_ACCURACY_FLOOR_M;
}

/**
 * The precision tier of a fix under the spec's watch rules: `ultra_high` at
 * 2 m or better; at 5 m or better `high_smoothed` when `goodRecentCount` (the
 * recent fixes within 5 m, this one included) reaches `minSmoothing`
 * (3 in the live-play spec, 2 in the legacy one), else `high`; `standard`
 * otherwise. Boundaries are inclusive (exactly 2 m is ultra_high).
 */
export function classifyFix(
  accuracy: number,
  goodRecentCount: number,
  minSmoothing: number = SMOOTHING_MIN_SAMPLES,
): PrecisionTier {
  if (accuracy <= ULTRA_HIGH_ACCURACY_M) return 'ultra_high';
  if (accuracy <= HIGH_ACCURACY_M) return goodRecentCount >= minSmoothing ? 'high_smoothed' : 'high';
  return 'standard';
}

/**
 * The 1/accuracy-weighted mean of fixes (the spec's "accuracy-weighted
 * average"); its accuracy is the same weighted mean of the accuracies, its
 * timestamp the newest. Null for an empty list.
 */
export function weightedAverage(fixes: readonly Fix[]): Fix | null {
  if (fixes.length === 0) return null;
  let sw = 0;
  let lat = 0;
  let east = 0;
  let acc = 0;
  let timestamp = Number.NEGATIVE_INFINITY;
  const ref = fixes[0]!;
  for (const f of fixes) {
    const w = 1 / f.accuracy;
    sw += w;
    lat += w * f.lat;
    // Longitudes are averaged as offsets from the first, so the antimeridian is safe.
    east += w * wrapDegrees(f.lng - ref.lng);
    acc += w * f.accuracy;
    timestamp = Math.max(timestamp, f.timestamp);
  }
  return { lat: lat / sw, lng: wrapDegrees(ref.lng + east / sw), accuracy: acc / sw, timestamp };
}

/** The two generations of the spec's watch code. */
export type SpecGeneration = 'live-play' | 'legacy';

export interface SpecWatchOptions {
  readonly generation?: SpecGeneration;
}

/**
 * The spec's watch logic, implemented faithfully (this is the benchmark's
 * baseline, kept for comparison and for anyone who needs the old behaviour):
 * see the module comment for the rules of each generation. Ignored fixes
 * (outliers, or worse than 5 m while a 5 m position is held) return null and
 * leave {@link GpsFilter.current} unchanged.
 */
export function createSpecWatchFilter(options: SpecWatchOptions = {}): GpsFilter {
  const live = (options.generation ?? 'live-play') === 'live-play';
  const minSmoothing = live ? SMOOTHING_MIN_SAMPLES : LEGACY_SMOOTHING_MIN_SAMPLES;
  const maxGood = live ? SMOOTHING_HISTORY : LEGACY_MAX_SAMPLES;
  let good: Fix[] = [];
  let readings: Fix[] = [];
  let lastAccepted: Fix | null = null;
  let held: FusedPosition | null = null;

  const emit = (f: Fix, precision: PrecisionTier): FusedPosition => {
    held = { ...f, precision };
    return held;
  };

  return {
    push(raw) {
      const f = normalizeFix(raw);
      if (f === null) return null;
      if (live && isOutlier(lastAccepted, f)) return null;
      lastAccepted = f;
      readings = [...readings, f].slice(-FUSION_HISTORY);
      if (f.accuracy <= HIGH_ACCURACY_M) {
        good = [...good, f].slice(-maxGood);
        const precision = classifyFix(f.accuracy, good.length, minSmoothing);
        if (precision === 'high_smoothed') return emit(weightedAverage(good)!, precision);
        return emit(f, precision);
      }
      if (held !== null && held.accuracy <= HIGH_ACCURACY_M) return null;
      if (live) {
        const usable = readings.filter((r) => r.accuracy <= FUSION_GOOD_ACCURACY_M);
        if (usable.length >= FUSION_MIN_GOOD) {
          const fused = weightedAverage(usable)!;
          return emit({ ...fused, timestamp: f.timestamp }, 'standard');
        }
      }
      return emit(f, 'standard');
    },
    current: () => held,
    reset() {
      good = [];
      readings = [];
      lastAccepted = null;
      held = null;
    },
  };
}

export interface GpsFusionOptions {
  /** White-acceleration spectral density of the steady-walking model, m^2/s^3. */
  readonly processNoise?: number;
  /** Position random walk of the standing-still model, m^2/s (a hunter shifting on their feet). */
  readonly stillNoise?: number;
  /** Mean time a hunter keeps walking before stopping, seconds. */
  readonly walkingTimeS?: number;
  /** Mean time a hunter keeps standing before walking on, seconds. */
  readonly standingTimeS?: number;
  /** Chi-square (2 degrees of freedom) threshold of the innovation gate. */
  readonly gateChi2?: number;
  /** Consecutive rejected fixes after which the filter recovers (see createGpsFusion). */
  readonly reinitAfter?: number;
  /** Per-axis measurement sigma = this x the reported accuracy. */
  readonly sigmaPerAccuracy?: number;
  /** Replaces the motion models altogether (advanced tuning). */
  readonly modes?: readonly MotionMode[];
}

/** A motion model of the multiple-model filter. */
export interface MotionMode {
  /** Standing still (velocity zero, position random walk q m^2/s) or constant velocity (white acceleration q m^2/s^3). */
  readonly still: boolean;
  readonly q: number;
  /** Mean time spent in this mode before switching to another, seconds. */
  readonly meanTimeS: number;
}

/** One axis of one motion model: offset from the anchor (m), velocity (m/s), their covariance. */
interface Axis {
  p: number;
  v: number;
  pp: number;
  pv: number;
  vv: number;
}

interface Model {
  e: Axis;
  n: Axis;
}

const DEG_TO_RAD = Math.PI / 180;
/** Keeps the metres-per-degree of longitude finite near the poles. */
const MIN_COS_LAT = 1e-6;
const METRES_PER_DEG_LAT = EARTH_RADIUS_M * DEG_TO_RAD;
/** Velocity variance of the standing-still model (it is zero by construction; kept positive). */
const STILL_VELOCITY_VAR = 1e-6;

/** Longitude difference or value wrapped into [-180, 180]; values already inside are returned as they are. */
function wrapDegrees(deg: number): number {
  if (deg >= -180 && deg <= 180) return deg;
  const r = (((deg + 180) % 360) + 360) % 360;
  return r - 180;
}

function metresPerDegLng(lat: number): number {
  return EARTH_RADIUS_M * DEG_TO_RAD * Math.max(MIN_COS_LAT, Math.cos(lat * DEG_TO_RAD));
}

function clampLat(lat: number): number {
  return Math.max(-90, Math.min(90, lat));
}

/** Mixture of axes with weights summing to 1 (moment matching). */
function mixAxes(axes: readonly Axis[], weights: readonly number[]): Axis {
  let p = 0;
  let v = 0;
  axes.forEach((a, i) => {
    const w = weights[i] ?? 0;
    p += w * a.p;
    v += w * a.v;
  });
  let pp = 0;
  let pv = 0;
  let vv = 0;
  axes.forEach((a, i) => {
    const w = weights[i] ?? 0;
    const dp = a.p - p;
    const dv = a.v - v;
    pp += w * (a.pp + dp * dp);
    pv += w * (a.pv + dp * dv);
    vv += w * (a.vv + dv * dv);
  });
  return { p, v, pp, pv, vv };
}

/** Constant-velocity prediction with white acceleration noise q. */
function predictMoving(a: Axis, dt: number, q: number): Axis {
  const dt2 = dt * dt;
  return {
    p: a.p + a.v * dt,
    v: a.v,
    pp: a.pp + 2 * a.pv * dt + a.vv * dt2 + (q * dt2 * dt) / 3,
    pv: a.pv + a.vv * dt + (q * dt2) / 2,
    vv: a.vv + q * dt,
  };
}

/** Standing still: velocity is zero, the position wanders by a small random walk. */
function predictStill(a: Axis, dt: number, q: number): Axis {
  return { p: a.p, v: 0, pp: a.pp + q * dt, pv: 0, vv: STILL_VELOCITY_VAR };
}

function updateAxis(a: Axis, z: number, r: number): Axis {
  const s = a.pp + r;
  const kp = a.pp / s;
  const kv = a.pv / s;
  const nu = z - a.p;
  return {
    p: a.p + kp * nu,
    v: a.v + kv * nu,
    pp: a.pp * (1 - kp),
    pv: a.pv * (1 - kp),
    vv: a.vv - kv * a.pv,
  };
}

/**
 * The app's position fusion. Each fix goes through, in order:
 *
 * 1. validation ({@link normalizeFix}); an exact repeat of the last accepted
 *    fix returns the current position; a fix not newer than it (a late one)
 *    is rejected, but a run of `reinitAfter` (3) or more means the device's
 *    clock went back or repeats itself: those fixes are placed on the
 *    filter's own timeline, one {@link FUSION_CLOCK_STEP_MS} apart, so a
 *    clock glitch never freezes the position;
 * 2. the spec's outlier rules ({@link isOutlier}) against the last accepted
 *    fix; the speed rule applies only when that fix was within 50 m, since a
 *    coarse first fix (a 1 km cell-tower guess) says nothing about speed;
 * 3. an interacting-multiple-model (IMM) Kalman filter, per axis (east and
 *    north), mixing three motion models: steady walking and turning/starting
 *    (constant velocity, low and high process noise) and standing still,
 *    with measurement variance (accuracy x sigmaPerAccuracy)^2: every fix is
 *    weighted by its reported accuracy, poor fixes included, the estimate
 *    follows a walking hunter without lag and averages hard when they stop;
 *    a fix whose innovation is statistically impossible under both models
 *    (chi-square gate) is rejected;
 * 4. recovery: after `reinitAfter` (3) consecutive rejections, a fix that is
 *    consistent with the previous rejected one is no longer rejected: it is
 *    filtered normally when inside the gate, otherwise the filter restarts
 *    from it. So the position can never lock while fixes keep arriving.
 *
 * The returned accuracy is the filter's per-axis standard deviation in the
 * same units as the input accuracy; the precision tier is the spec's
 * ({@link classifyFix}) for the fix, counting the 5 m fixes among the last
 * 10 accepted ones (this one included).
 */
export function createGpsFusion(options: GpsFusionOptions = {}): GpsFilter {
  const qMove = options.processNoise ?? FUSION_PROCESS_NOISE_M2_S3;
  const qStill = options.stillNoise ?? FUSION_STILL_NOISE_M2_S;
  const modes: readonly MotionMode[] = options.modes ?? [
    { still: false, q: qMove, meanTimeS: options.walkingTimeS ?? FUSION_WALKING_TIME_S },
    { still: false, q: FUSION_MANEUVER_NOISE_M2_S3, meanTimeS: FUSION_MANEUVER_TIME_S },
    { still: true, q: qStill, meanTimeS: options.standingTimeS ?? FUSION_STANDING_TIME_S },
  ];
  const gate = options.gateChi2 ?? FUSION_GATE_CHI2;
  const reinitAfter = options.reinitAfter ?? FUSION_REINIT_AFTER_REJECTS;
  const k = options.sigmaPerAccuracy ?? FUSION_MEASUREMENT_SIGMA_PER_ACCURACY;

  // Anchor of the local east/north frame: the last fused position.
  let anchorLat = 0;
  let anchorLng = 0;
  // [walking, standing still] and their probabilities.
  let models: Model[] = [];
  let mu: number[] = [];
  let lastAccepted: Fix | null = null;
  let recentAccuracies: number[] = [];
  let rejected: Fix[] = [];
  /** Consecutive fixes not newer than the last accepted one. */
  let staleRun = 0;
  let out: FusedPosition | null = null;

  const variance = (f: Fix) => (f.accuracy * k) ** 2;

  /** `shownAt`: the reading's own time, which differs from f's when f was moved onto the filter's timeline. */
  const publish = (f: Fix, e: Axis, n: Axis, shownAt = f.timestamp): FusedPosition => {
    // Move the anchor to the fused position so offsets stay small.
    const lat = clampLat(anchorLat + n.p / METRES_PER_DEG_LAT);
    const lng = wrapDegrees(anchorLng + e.p / metresPerDegLng(anchorLat));
    models = models.map((m) => ({ e: { ...m.e, p: m.e.p - e.p }, n: { ...m.n, p: m.n.p - n.p } }));
    anchorLat = lat;
    anchorLng = lng;
    recentAccuracies = [...recentAccuracies, f.accuracy].slice(-SMOOTHING_HISTORY);
    const goodCount = recentAccuracies.filter((a) => a <= HIGH_ACCURACY_M).length;
    lastAccepted = f;
    rejected = [];
    out = {
      lat,
      lng,
      accuracy: Math.sqrt((e.pp + n.pp) / 2) / k,
      precision: classifyFix(f.accuracy, goodCount),
      timestamp: shownAt,
    };
    return out;
  };

  const start = (f: Fix, shownAt = f.timestamp): FusedPosition => {
    anchorLat = f.lat;
    anchorLng = f.lng;
    const r = variance(f);
    const moving: Axis = { p: 0, v: 0, pp: r, pv: 0, vv: FUSION_INITIAL_SPEED_SIGMA_MPS ** 2 };
    const still: Axis = { p: 0, v: 0, pp: r, pv: 0, vv: STILL_VELOCITY_VAR };
    models = modes.map((m) => (m.still ? { e: still, n: still } : { e: moving, n: moving }));
    mu = modes.map(() => 1 / modes.length);
    return publish(f, moving, moving, shownAt);
  };

  const reject = (f: Fix): null => {
    rejected = [...rejected, f].slice(-reinitAfter - 1);
    return null;
  };

  return {
    push(raw) {
      const reading = normalizeFix(raw);
      if (reading === null) return null;
      const prev = lastAccepted;
      if (prev === null || out === null) return start(reading);
      if (
        reading.timestamp === prev.timestamp &&
        reading.lat === prev.lat &&
        reading.lng === prev.lng &&
        reading.accuracy === prev.accuracy
      ) {
        return out;
      }
      let f = reading;
      if (reading.timestamp <= prev.timestamp) {
        staleRun += 1;
        if (staleRun < reinitAfter) return null; // a late fix says nothing new
        f = { ...reading, timestamp: prev.timestamp + FUSION_CLOCK_STEP_MS };
      } else {
        staleRun = 0;
      }

      const last = rejected[rejected.length - 1];
      const recovering = rejected.length >= reinitAfter && last !== undefined && !isOutlier(last, f);
      const speedRuleApplies = prev.accuracy <= FUSION_GOOD_ACCURACY_M;
      if (!recovering && ((speedRuleApplies && isSpeedOutlier(prev, f)) || isAccuracyOutlier(prev, f))) {
        return reject(f);
      }

      const dt = (f.timestamp - prev.timestamp) / MS_PER_SECOND;
      // Mixing: probability of staying in a mode over dt, then moment-matched priors per model.
      const stay = modes.map((m) => Math.exp(-dt / m.meanTimeS));
      const others = Math.max(1, modes.length - 1);
      const trans = (i: number, j: number) => (i === j ? (stay[i] ?? 1) : (1 - (stay[i] ?? 1)) / others);
      const c = models.map((_, j) => mu.reduce((s, mi, i) => s + trans(i, j) * mi, 0));
      const predicted = models.map((_, j) => {
        const w = mu.map((mi, i) => (trans(i, j) * mi) / (c[j] || 1));
        const e = mixAxes(
          models.map((m) => m.e),
          w,
        );
        const n = mixAxes(
          models.map((m) => m.n),
          w,
        );
        const mode = modes[j]!;
        return mode.still
          ? { e: predictStill(e, dt, mode.q), n: predictStill(n, dt, mode.q) }
          : { e: predictMoving(e, dt, mode.q), n: predictMoving(n, dt, mode.q) };
      });

      // The fix in the local frame, and each model's innovation.
      const zE = wrapDegrees(f.lng - anchorLng) * metresPerDegLng(anchorLat);
      const zN = (f.lat - anchorLat) * METRES_PER_DEG_LAT;
      const r = variance(f);
      const scores = predicted.map((m) => {
        const sE = m.e.pp + r;
        const sN = m.n.pp + r;
        const d2 = (zE - m.e.p) ** 2 / sE + (zN - m.n.p) ** 2 / sN;
        return { d2, logL: -0.5 * d2 - 0.5 * Math.log(sE * sN) };
      });
      if (Math.min(...scores.map((s) => s.d2)) > gate) {
        if (recovering) return start(f, reading.timestamp);
        return reject(f);
      }

      models = predicted.map((m) => ({ e: updateAxis(m.e, zE, r), n: updateAxis(m.n, zN, r) }));
      const maxLog = Math.max(...scores.map((s) => s.logL));
      const unnorm = scores.map((s, j) => (c[j] ?? 0) * Math.exp(s.logL - maxLog));
      const total = unnorm.reduce((a, b) => a + b, 0);
      mu = unnorm.map((u) => u / total);
      const e = mixAxes(
        models.map((m) => m.e),
        mu,
      );
      const n = mixAxes(
        models.map((m) => m.n),
        mu,
      );
      return publish(f, e, n, reading.timestamp);
    },
    current: () => out,
    reset() {
      lastAccepted = null;
      recentAccuracies = [];
      rejected = [];
      staleRun = 0;
      models = [];
      mu = [];
      out = null;
    },
  };
}

/**
 * The position to show: the fused one, or the default location (Montreal,
 * 1000 m, accounts spec section 9) while no fix exists.
 */
export function positionOrDefault(position: FusedPosition | null): {
  readonly lat: number;
  readonly lng: number;
  readonly accuracy: number;
  readonly isDefault: boolean;
} {
  if (position === null) return { ...DEFAULT_LOCATION, isDefault: true };
  return { lat: position.lat, lng: position.lng, accuracy: position.accuracy, isDefault: false };
}
