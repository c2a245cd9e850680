// Public expeditions (issue 29, decisions 835-837): the settings a game master gives a
// session to list it, the order hunters see the list in, the spots left, and what a
// removed hunter is told. Pure: the server decides with these, the client shows them.
import { z } from 'zod';
import { type LatLng, isValidLatLng } from './geo-types';
import { MAX_MEETING_NOTE_LENGTH, MEETING_POINT_MAX_FROM_HUNT_M } from './rules';
import { distanceMeters } from './scanner';

export const EXPEDITION_MESSAGES = {
  meetingPointRequired: 'A public expedition needs a meeting point: click the map to place it',
  meetingPointInvalid: 'The meeting point must be a valid latitude and longitude',
  meetingNoteTooLong: `The meeting note must be at most ${MAX_MEETING_NOTE_LENGTH} characters`,
  notPublic: 'This session is not a public expedition: join it with its name and password',
  accountsOnly: 'Public expeditions are for hunter accounts: sign in or create an account to join one',
  notAHunter: 'Only hunters join expeditions: game masters and admins cannot join a session as hunters',
  removedCannotRejoin: 'The game master removed you from this session: you cannot rejoin it',
  notInSession: 'This hunter is not in the session',
  alreadyRemoved: 'This hunter has already been removed from the session',
  removeAfterEnd: 'Cannot remove a hunter: the session has already ended',
} as const;

export { removedMessage } from './removed';

/** Spots left in a session: never below zero (a lowered cap can leave it over-full). */
export function spotsLeft(maxPlayers: number, joined: number): number {
  return Math.max(0, maxPlayers - joined);
}

export const MeetingPoint = z
  .object({ lat: z.number({ error: EXPEDITION_MESSAGES.meetingPointInvalid }), lng: z.number({ error: EXPEDITION_MESSAGES.meetingPointInvalid }) })
  .refine(isValidLatLng, EXPEDITION_MESSAGES.meetingPointInvalid);
export type MeetingPoint = z.infer<typeof MeetingPoint>;

const meetingNoteField = z
  .string()
  .trim()
  .max(MAX_MEETING_NOTE_LENGTH, EXPEDITION_MESSAGES.meetingNoteTooLong)
  .nullish()
  .transform((v) => (v ? v : null));

/** The expedition fields of creating a session (all optional: private by default) and of editing it. */
export const ExpeditionFields = z.object({
  isPublic: z.boolean().default(false),
  meetingPoint: MeetingPoint.nullish().transform((v) => v ?? null),
  meetingNote: meetingNoteField,
});

/** A public expedition needs its meeting point (a private session may keep one or not). */
export function requireMeetingPoint<T extends { isPublic?: boolean; meetingPoint?: MeetingPoint | null }>(value: T, ctx: z.RefinementCtx): void {
  if (value.isPublic && !value.meetingPoint) {
    ctx.addIssue({ code: 'custom', path: ['meetingPoint'], message: EXPEDITION_MESSAGES.meetingPointRequired });
  }
}

export const ExpeditionSettingsInput = ExpeditionFields.superRefine(requireMeetingPoint);
export type ExpeditionSettingsInput = z.infer<typeof ExpeditionSettingsInput>;

/**
 * Whether a meeting point belongs to its hunt: within MEETING_POINT_MAX_FROM_HUNT_M of a corner of the play
 * area or of a dinosaur. A hunt with neither has nothing to be far from: any valid point fits.
 */
export function meetingPointFitsHunt(point: LatLng, hunt: readonly LatLng[]): boolean {
  if (!isValidLatLng(point)) return false;
  const places = hunt.filter(isValidLatLng);
  return places.length === 0 || places.some((p) => distanceMeters(point, p) <= MEETING_POINT_MAX_FROM_HUNT_M);
}

/** One listed expedition as the ordering sees it. */
export type ExpeditionPlace = {
  id: number;
  meetingPoint: LatLng | null;
  /** When it started (live) or is scheduled to start; null: not scheduled yet. */
  startsAt: number | null;
  live: boolean;
};

/** Metres from `from` to the expedition's meeting point, or null when either is unknown. */
export function distanceTo(from: LatLng | null, expedition: Pick<ExpeditionPlace, 'meetingPoint'>): number | null {
  if (!from || !expedition.meetingPoint) return null;
  return distanceMeters(from, expedition.meetingPoint);
}

const byStart = (a: ExpeditionPlace, b: ExpeditionPlace): number => {
  // Live ones first (they can be joined now), then the soonest start; unscheduled last; then the id.
  if (a.live !== b.live) return a.live ? -1 : 1;
  const sa = a.startsAt ?? Number.POSITIVE_INFINITY;
  const sb = b.startsAt ?? Number.POSITIVE_INFINITY;
  if (sa !== sb) return sa < sb ? -1 : 1;
  return a.id - b.id;
};

/**
 * The order hunters see the list in (decision 837): nearest meeting point first from the
 * hunter's position; without a position (or for an expedition without a meeting point,
 * listed after those with one), live first then by start time.
 */
export function orderExpeditions<T extends ExpeditionPlace>(expeditions: readonly T[], from: LatLng | null): T[] {
  const withDistance = expeditions.map((e) => ({ e, d: distanceTo(from, e) }));
  withDistance.sort((a, b) => {
    if (a.d !== null && b.d !== null && a.d !== b.d) return a.d - b.d;
    if (a.d !== null && b.d === null) return -1;
    if (a.d === null && b.d !== null) return 1;
    return byStart(a.e, b.e);
  });
  return withDistance.map((x) => x.e);
}

/** The optional position of GET /api/expeditions: both or neither. */
export const ExpeditionListQuery = z
  .object({
    lat: z.coerce.number().min(-90).max(90).optional(),
    lng: z.coerce.number().min(-180).max(180).optional(),
  })
  .refine((q) => (q.lat === undefined) === (q.lng === undefined), { message: 'Send both lat and lng, or neither', path: ['lat'] });
export type ExpeditionListQuery = z.infer<typeof ExpeditionListQuery>;
