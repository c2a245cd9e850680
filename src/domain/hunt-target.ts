/**
 * The hunt loop's rules (issue 23): which dinosaur the hunter is offered (the
 * nearest one they have not observed yet, unless they picked another), what
 * is left, whether Observe can succeed from here (the server's 100 m range,
 * decision 200) and the briefing's 50 m safety distance.
 *
 * Pure functions only: no I/O, no clock, no randomness. The server still
 * decides every observation; these rules only spare the hunter a dart the
 * server would refuse.
 */
import { BRIEFING_SAFETY_DISTANCE_M, OBSERVATION_RANGE_M } from './rules';
import { isTargetable } from './scanner';

/** Anything with a dinosaur id (the scanner's detected creatures, the map's dinosaurs). */
export interface HasDinosaur {
  readonly dinosaur: { readonly id: number };
}

export interface HuntChoice<T> {
  /** The dinosaur to hunt, or null when none is detected. */
  readonly target: T | null;
  /** True when the hunter picked it (otherwise it is the nearest unobserved one). */
  readonly picked: boolean;
  /** True when the target has already been observed by this hunter. */
  readonly observed: boolean;
}

/**
 * The target among `detected` (nearest first): the one the hunter picked when
 * it is still detected; otherwise the nearest one not in `observed`; when every
 * detected dinosaur is observed, the nearest (shown as observed, Observe off).
 */
export function chooseHuntTarget<T extends HasDinosaur>(
  detected: readonly T[],
  observed: ReadonlySet<number>,
  pickedId: number | null,
): HuntChoice<T> {
  const picked = pickedId === null ? undefined : detected.find((d) => d.dinosaur.id === pickedId);
  if (picked) return { target: picked, picked: true, observed: observed.has(picked.dinosaur.id) };
  const fresh = detected.find((d) => !observed.has(d.dinosaur.id));
  if (fresh) return { target: fresh, picked: false, observed: false };
  const first = detected[0] ?? null;
  return { target: first, picked: false, observed: first !== null };
}

/**
 * The unobserved dinosaur after `currentId` in nearest-first order, wrapping
 * round ("Next target"). Null when there is no other unobserved one.
 */
export function nextHuntTarget<T extends HasDinosaur>(
  detected: readonly T[],
  observed: ReadonlySet<number>,
  currentId: number | null,
): T | null {
  const open = detected.filter((d) => !observed.has(d.dinosaur.id) && d.dinosaur.id !== currentId);
  if (open.length === 0) return null;
  const at = detected.findIndex((d) => d.dinosaur.id === currentId);
  if (at === -1) return open[0] ?? null;
  const after = detected.slice(at + 1).find((d) => !observed.has(d.dinosaur.id));
  return after ?? open[0] ?? null;
}

export interface HuntProgress {
  /** Targetable deployed dinosaurs. */
  readonly total: number;
  /** Of those, the ones this hunter has observed. */
  readonly observed: number;
  /** Still to observe. */
  readonly left: number;
}

/** What is left of the session's dinosaurs for this hunter (observations of dinosaurs since removed do not count). */
export function huntProgress(
  dinosaurs: readonly { readonly id: number; readonly status?: string | null }[],
  observed: ReadonlySet<number>,
): HuntProgress {
  const live = dinosaurs.filter((d) => isTargetable(d.status));
  const done = live.filter((d) => observed.has(d.id)).length;
  return { total: live.length, observed: done, left: live.length - done };
}

/** The header's count: '2 of 3 left', 'All 3 observed', 'None deployed'. */
export function leftLabel(progress: HuntProgress, hidden: 'paused' | 'waiting' | null = null): string {
  // Hunters are not sent the dinosaurs while the hunt is paused or not started: say so, not "None deployed".
  if (hidden === 'paused') return 'Hidden while paused';
  if (hidden === 'waiting') return 'Hidden until the start';
  if (progress.total === 0) return 'None deployed';
  if (progress.left === 0) return `All ${progress.total} observed`;
  return `${progress.left} of ${progress.total} left`;
}

/** Whole metres still to walk before a target `distanceM` away is within `rangeM` (0 when in range). */
export function metresToWalk(distanceM: number, rangeM = OBSERVATION_RANGE_M): number {
  if (!Number.isFinite(distanceM)) return Number.POSITIVE_INFINITY;
  return Math.max(0, Math.ceil(distanceM - rangeM));
}

/** True inside the briefing's safety distance (50 m): a warning, never a block. */
export function insideSafetyDistance(distanceM: number, safetyM = BRIEFING_SAFETY_DISTANCE_M): boolean {
  return Number.isFinite(distanceM) && distanceM < safetyM;
}

export type ObserveReadiness =
  | { readonly ready: true; readonly tooClose: boolean; readonly message: string }
  | { readonly ready: false; readonly reason: 'no_target' | 'observed' | 'too_far'; readonly walkM: number; readonly message: string };

export const HUNT_MESSAGES = {
  noTarget: 'No dinosaur to observe here',
  inRange: `In range (${OBSERVATION_RANGE_M} m): observe when ready`,
  // Advice, not a rule (decision 985): the server does not refuse an observation inside the safety distance.
  tooClose: `Closer than ${BRIEFING_SAFETY_DISTANCE_M} m: step back for your safety (advice only: Observe still works)`,
} as const;

/** 'Triceratops observed: pick the next target', or, with none left, that every one is observed. */
export function observedMessage(name: string, moreLeft = true): string {
  return moreLeft ? `${name} observed: pick the next target` : `${name} observed: you have observed every dinosaur`;
}

/** 'Walk 47 m closer to observe (range 100 m)'. */
export function walkCloserMessage(walkM: number, rangeM = OBSERVATION_RANGE_M): string {
  return `Walk ${walkM} m closer to observe (range ${rangeM} m)`;
}

/**
 * Whether Observe can succeed against a target `distanceM` away (by the
 * client's position; the server measures again): not without a target, not for
 * one already observed, not beyond the range. Inside the safety distance it is
 * ready, with the safety warning.
 */
export function observeReadiness(
  target: { readonly distance: number; readonly name: string } | null,
  observed: boolean,
  rangeM = OBSERVATION_RANGE_M,
  moreLeft = true,
): ObserveReadiness {
  if (target === null) return { ready: false, reason: 'no_target', walkM: 0, message: HUNT_MESSAGES.noTarget };
  if (observed) return { ready: false, reason: 'observed', walkM: 0, message: observedMessage(target.name, moreLeft) };
  const walkM = metresToWalk(target.distance, rangeM);
  if (walkM > 0) return { ready: false, reason: 'too_far', walkM, message: walkCloserMessage(walkM, rangeM) };
  const tooClose = insideSafetyDistance(target.distance);
  return { ready: true, tooClose, message: tooClose ? HUNT_MESSAGES.tooClose : HUNT_MESSAGES.inRange };
}

/**
 * How many successful observations each dinosaur has had (HQ's markers), from
 * each hunter's observed ids. A hunter observes a dinosaur at most once, so it
 * is also how many hunters observed it.
 */
export function observationCounts(hunters: readonly { readonly observedDinosaurIds: readonly number[] }[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const h of hunters) {
    for (const id of new Set(h.observedDinosaurIds)) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}
