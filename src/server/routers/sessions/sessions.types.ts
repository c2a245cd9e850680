// Output contracts of the sessions router (REST bodies and tRPC results).
import { z } from 'zod';
import { TeamSettings } from '../../../domain/contracts/teams';
import { SESSION_STATUSES } from '../../../domain/rules';
import { ENDED_REASONS } from '../../../domain/session-outcome';

const isoOrNull = z.string().nullable();

export const SessionOutputSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  password: z.string().optional().describe('Only for the owning game master and admins'),
  maxPlayers: z.number().int(),
  missionId: z.number().int().nullable(),
  status: z.enum(SESSION_STATUSES),
  startTime: isoOrNull,
  endTime: isoOrNull,
  duration: z.number().int().describe('Minutes'),
  currentPlayers: z.number().int(),
  createdAt: z.string(),
  briefingVideoUrl: z.string().nullable(),
  coverPhotoUrl: z.string().nullable(),
  description: z.string().nullable(),
  scheduledStartTime: isoOrNull,
  pausedAt: isoOrNull,
  endsAt: isoOrNull.describe('When the time runs out (frozen while paused: moves on at resume)'),
  timeRemaining: z.number().describe('Minutes; negative means no time limit'),
  hasTimeLimit: z.boolean(),
  endedReason: z
    .enum(ENDED_REASONS)
    .nullable()
    .describe('Why a completed session ended: ended_by_game_master or time_up (its time ran out); null otherwise'),
  hunterHandle: z.string().optional().describe("The caller's handle, for hunters"),
  isPublic: z.boolean().describe('A public expedition: listed to hunter accounts, who join it without the password'),
  meetingPoint: z.object({ lat: z.number(), lng: z.number() }).nullable().describe('Where the hunters of the expedition meet'),
  meetingNote: z.string().nullable().describe('Where exactly to meet, in a line'),
  ...TeamSettings.shape,
});

export const SessionListOutput = z.array(SessionOutputSchema);

export const TimeStatusOutput = z.object({
  timeRemaining: z.number().describe('Minutes; negative means no time limit'),
  hasTimeLimit: z.boolean(),
  status: z.enum(SESSION_STATUSES),
  isPaused: z.boolean(),
  endsAt: isoOrNull,
});

export const ResultOutput = z.object({
  sessionId: z.number().int(),
  completionStatus: z.string().describe('time_expired, completed or ended'),
  completionRate: z.number().int().describe('Percent of deployed dinosaurs found'),
  dinosaursFound: z.number().int(),
  totalDinosaurs: z.number().int(),
  createdAt: z.string(),
});

export const JoinOutputSchema = z.object({
  sessionId: z.number().int(),
  hunterHandle: z.string(),
  sessionName: z.string(),
  status: z.enum(SESSION_STATUSES),
});

export const tags = ['game-sessions'];

export const LIFECYCLE_ERRORS = {
  401: 'Not signed in',
  403: 'Not the owning game master',
  404: 'Session not found',
  409: 'Illegal transition (the message says why)',
};
