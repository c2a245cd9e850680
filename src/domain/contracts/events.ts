// Every event a change publishes: one member of one discriminated union per `type`, with the payload
// it carries. The bus accepts only members (server/event-bus.ts), the stream and both sockets carry
// them, and the client applies them with an exhaustive switch (client/features/live/applyEventToCache.ts),
// so a new member that a screen forgets fails to compile.
//
// The /ws compatibility socket sends each event as `{ ...payload, type, sessionId, timestamp, eventId }`
// (the spec's live-play.md, "Real-time socket"): the names and payload fields of new_communication,
// broadcast, dinosaur_deployed, session_* and hunter_location are the spec's and must not change.
import { z } from 'zod';
import { ZONE_STATES } from '../play-area-schemas';
import { SESSION_STATUSES } from '../rules';
import { ENDED_REASONS } from '../session-outcome';
import { EarnedAchievement } from './achievements';
import { ChallengeProgressOutput, HunterChallengeTotals } from './challenges';
import { DinosaurOutputSchema } from './dinosaurs';
import { MessageOutput } from './messages';
import { HunterPositionOutput } from './positions';
import { LatLng, SessionEventFields, Timestamp } from './shared';
import { TeamPublic, TeamRankingEntry, TeamSettings } from './teams';

/** One member of the union: its `type` literal and its payload. */
const event = <T extends string, P extends z.ZodObject>(type: T, payload: P, description: string) =>
  z.object({ type: z.literal(type), payload }).describe(description);

const sessionPayload = <S extends z.ZodRawShape>(shape: S) => z.object({ ...SessionEventFields, ...shape });

const ZoneState = z.enum(ZONE_STATES).nullable();
const TimeRemaining = z.number().describe('Minutes left; -1 with no time limit');

// --- A session's life (the spec's session_* events; sessions.* procedures) ---

export const SessionCreatedEvent = event(
  'session_created',
  sessionPayload({ name: z.string(), status: z.enum(SESSION_STATUSES) }),
  'A game master created the session (owner only until it starts).',
);
export const SessionScheduledEvent = event(
  'session_scheduled',
  sessionPayload({ scheduledStartTime: z.string().describe('ISO 8601'), duration: z.number() }),
  'The session will start by itself at scheduledStartTime.',
);
export const SessionStartedEvent = event(
  'session_started',
  sessionPayload({ startTime: z.string().describe('ISO 8601'), duration: z.number(), scheduled: z.boolean() }),
  'The session started (at once, or its scheduled start came).',
);
export const SessionPausedEvent = event(
  'session_paused',
  sessionPayload({ pausedAt: z.string().describe('ISO 8601'), timeRemaining: TimeRemaining }),
  'The game master paused the session: its clock is frozen.',
);
export const SessionResumedEvent = event(
  'session_resumed',
  sessionPayload({ timeRemaining: TimeRemaining }),
  'The game master resumed the session.',
);
export const SessionEndedEvent = event(
  'session_ended',
  sessionPayload({
    endTime: z.string().describe('ISO 8601'),
    endedReason: z.enum(ENDED_REASONS),
    completionStatus: z.enum(['completed', 'time_expired', 'ended']),
    completionRate: z.number(),
    dinosaursFound: z.number().int(),
    totalDinosaurs: z.number().int(),
  }),
  'The session ended (by its game master or its time running out), with its result.',
);
export const SessionExpeditionEvent = event(
  'session_expedition',
  sessionPayload({ isPublic: z.boolean(), meetingPoint: LatLng.nullable(), meetingNote: z.string().nullable() }),
  "The session's public listing (expedition) or meeting point changed (owner only).",
);

// --- Dinosaurs and the play area ---

export const DinosaurDeployedEvent = event(
  'dinosaur_deployed',
  sessionPayload({ dinosaur: DinosaurOutputSchema }),
  'A dinosaur was placed (hunters hear it only while the session runs).',
);
export const DinosaurMovedEvent = event('dinosaur_moved', sessionPayload({ dinosaur: DinosaurOutputSchema }), 'A dinosaur was moved.');
export const DinosaurRemovedEvent = event('dinosaur_removed', sessionPayload({ dinosaurId: z.number().int() }), 'One dinosaur was removed.');
export const DinosaursClearedEvent = event(
  'dinosaurs_cleared',
  sessionPayload({ removed: z.number().int() }),
  "Every dinosaur of the session was removed (or a layout's replace them).",
);
export const PlayAreaUpdatedEvent = event(
  'play_area_updated',
  sessionPayload({ playArea: z.array(LatLng).nullable(), noGoZones: z.array(z.array(LatLng)) }),
  "The session's play area and no-go zones changed (null area: cleared).",
);
export const HunterZoneEvent = event(
  'hunter_zone',
  sessionPayload({
    playerId: z.number().int(),
    userId: z.string(),
    hunterName: z.string(),
    zone: ZoneState,
    previous: ZoneState,
    location: LatLng.nullable(),
  }),
  'A hunter went in or out of the play area or a no-go zone (the hunter and HQ).',
);

// --- Hunters ---

export const HunterJoinedEvent = event(
  'hunter_joined',
  sessionPayload({ userId: z.string(), playerId: z.number().int(), hunterHandle: z.string(), currentPlayers: z.number().int() }),
  'A hunter joined the session.',
);
export const HunterRemovedEvent = event(
  'hunter_removed',
  sessionPayload({
    userId: z.string(),
    playerId: z.number().int(),
    hunterHandle: z.string(),
    currentPlayers: z.number().int(),
    message: z.string().describe('What the removed hunter is told'),
  }),
  "The game master removed a hunter; the hunter's own streams end with it (decision 836).",
);
export const HunterLocationEvent = event(
  'hunter_location',
  HunterPositionOutput.extend(SessionEventFields),
  "A hunter's accepted position: the spec's hunter_location. HQ hears every hunter's; a hunter in a team hears their teammates' (audience team:<id>), never another team's.",
);
export const HunterProgressEvent = event(
  'hunter_progress',
  sessionPayload({
    userId: z.string(),
    hunterId: z.string(),
    hunterName: z.string(),
    dinosaurId: z.number().int(),
    success: z.boolean(),
    dinosaursObserved: z.number().int(),
    dartsRemaining: z.number().int(),
    missionComplete: z.boolean(),
    reportedDistance: z.number().optional().describe('The distance the hunter reported, when sent'),
    distance: z.number().describe('Metres from the dinosaur, as the server measured'),
  }),
  'A hunter observed (darted) a dinosaur in range (HQ only).',
);
export const HunterAccountKeptEvent = event(
  'hunter_account_kept',
  sessionPayload({ hunterName: z.string(), previousUserId: z.string(), userId: z.string() }),
  'A guest hunter kept their achievements in an account: HQ knows them by a new user id.',
);
export const AchievementEarnedEvent = event(
  'achievement_earned',
  EarnedAchievement.extend({ ...SessionEventFields, userId: z.string(), hunterName: z.string() }),
  'A hunter earned an achievement (the hunter and HQ).',
);

// --- Challenges (issue #44): never a question's answer or clue ---

export const ChallengeProgressEvent = event(
  'challenge_progress',
  sessionPayload({
    playerId: z.number().int(),
    userId: z.string(),
    hunterName: z.string(),
    challenge: ChallengeProgressOutput,
    totals: HunterChallengeTotals,
  }),
  "A hunter's progress on an objective, or their hints, changed (the hunter and HQ).",
);
export const ChallengesChangedEvent = event(
  'challenges_changed',
  sessionPayload({ count: z.number().int().describe('Objectives the session now has') }),
  "The game master changed the session's objectives or hint settings: read them again.",
);

// --- Communications (the spec's new_communication and broadcast) ---

export const NewCommunicationEvent = event(
  'new_communication',
  MessageOutput.extend(SessionEventFields),
  'A new message (the whole message, as comms.list answers it).',
);
export const BroadcastEvent = event(
  'broadcast',
  sessionPayload({ messageId: z.number().int(), message: z.string(), userId: z.string(), username: z.string() }),
  "A game master's broadcast: raises the notice; the message itself comes as new_communication.",
);

// --- Teams (issue 42): everyone in the session hears these (team rosters show handles only) ---

export const TeamSettingsEvent = event(
  'team_settings',
  sessionPayload(TeamSettings.shape),
  "The session's team mode, max team size or switch rule changed (a solo session's teams are gone with it).",
);
export const TeamCreatedEvent = event('team_created', sessionPayload({ team: TeamPublic }), 'A team was created (never with its code).');
export const TeamUpdatedEvent = event(
  'team_updated',
  sessionPayload({ team: TeamPublic }),
  'A team was renamed, locked or unlocked, or its members changed: the whole team as everyone sees it.',
);
export const TeamDeletedEvent = event(
  'team_deleted',
  sessionPayload({ teamId: z.number().int(), name: z.string() }),
  'A team was deleted (its hunters are in no team now: team_membership follows for each).',
);
export const TeamMembershipEvent = event(
  'team_membership',
  sessionPayload({
    playerId: z.number().int(),
    userId: z.string(),
    hunterName: z.string(),
    teamId: z.number().int().nullable().describe('The team the hunter is in now; null: none'),
    previousTeamId: z.number().int().nullable(),
  }),
  'A hunter joined, switched, left or was assigned to or removed from a team.',
);
export const TeamRankingEvent = event(
  'team_ranking',
  sessionPayload({ ranking: z.array(TeamRankingEntry) }),
  "The teams' ranking after an observation by a team's hunter (or after teams changed), first first.",
);

// --- Accounts and the catalogue (mostly of no session: the read cache and admins listen) ---

export const CreditsChangedEvent = event(
  'credits_changed',
  sessionPayload({ sessionCredits: z.number().int() }),
  "An admin added credits to the session's game master (owner only, decision 752).",
);
export const AccountDeletedEvent = event(
  'account_deleted',
  z.object({ userId: z.string(), guests: z.number().int(), sessionsDeleted: z.number().int(), timestamp: Timestamp }),
  'An account was deleted with everything it owned (no session).',
);
export const SpeciesChangedEvent = event(
  'species_changed',
  z.object({ speciesId: z.number().int(), change: z.enum(['updated', 'deleted']), timestamp: Timestamp }),
  'A species of the catalogue changed (no session): cached answers naming it are dropped.',
);
export const PositionsPurgedEvent = event(
  'positions_purged',
  z.object({ sessionIds: z.array(z.number().int()), timestamp: Timestamp }),
  "The retention purge removed these sessions' positions and media (no session).",
);

/** Every event a change may publish, told apart by `type`. */
export const AppEvent = z.discriminatedUnion('type', [
  SessionCreatedEvent,
  SessionScheduledEvent,
  SessionStartedEvent,
  SessionPausedEvent,
  SessionResumedEvent,
  SessionEndedEvent,
  SessionExpeditionEvent,
  DinosaurDeployedEvent,
  DinosaurMovedEvent,
  DinosaurRemovedEvent,
  DinosaursClearedEvent,
  PlayAreaUpdatedEvent,
  HunterZoneEvent,
  HunterJoinedEvent,
  HunterRemovedEvent,
  HunterLocationEvent,
  HunterProgressEvent,
  HunterAccountKeptEvent,
  AchievementEarnedEvent,
  ChallengeProgressEvent,
  ChallengesChangedEvent,
  NewCommunicationEvent,
  BroadcastEvent,
  TeamSettingsEvent,
  TeamCreatedEvent,
  TeamUpdatedEvent,
  TeamDeletedEvent,
  TeamMembershipEvent,
  TeamRankingEvent,
  CreditsChangedEvent,
  AccountDeletedEvent,
  SpeciesChangedEvent,
  PositionsPurgedEvent,
]);
export type AppEvent = z.infer<typeof AppEvent>;

export type EventType = AppEvent['type'];
/** The member of the union of one type. */
export type EventOf<T extends EventType> = Extract<AppEvent, { type: T }>;
/** The payload of one type of event. */
export type PayloadOf<T extends EventType> = EventOf<T>['payload'];
