// The examples /api/docs shows for the calls a third party makes most (sign in, join,
// report a position, observe, post a message, read stats). Each procedure's meta
// names its own (`examples`); openapi.ts places them and Spectral checks each
// against its schema. Values are those of a real run (src/server/api-contract.test.ts).
import type { OperationExamples } from '../openapi-meta';

const JOINED = { sessionId: 12, hunterHandle: 'Ada', sessionName: 'Riverside raptors', status: 'active' };

export const LOGIN_EXAMPLES: OperationExamples = {
  request: { username: 'gm1', password: 'Fossil-Trail-42' },
  response: {
    user: {
      id: 'c8952d2e-07c0-4ce9-8c90-cf71533a3214',
      username: 'gm1',
      email: 'grace@example.com',
      firstName: 'Grace',
      lastName: 'Master',
      role: 'gamemaster',
      isGuest: false,
      sessionCredits: 0,
      accountStatus: 'active',
      emailVerified: true,
    },
  },
};

export const JOIN_AS_GUEST_EXAMPLES: OperationExamples = {
  request: { sessionId: 12, password: 'raptor', hunterHandle: 'Ada' },
  response: JOINED,
};

export const JOIN_BY_ID_EXAMPLES: OperationExamples = {
  request: { id: 12, password: 'raptor', hunterHandle: 'Ada' },
  response: JOINED,
};

export const REPORT_POSITION_EXAMPLES: OperationExamples = {
  request: { id: 12, lat: 48.8586, lng: 2.2945, accuracy: 8 },
  response: { accepted: true, precision: 'high', stepMeters: 4.2, distanceTraveled: 318.5, timestamp: 1795661140418 },
};

export const OBSERVE_EXAMPLES: OperationExamples = {
  request: { sessionId: 12, dinosaurId: 34 },
  response: {
    success: true,
    outcome: 'observed',
    message: 'Velociraptor observed!',
    dinosaurId: 34,
    speciesId: 3,
    speciesName: 'Velociraptor',
    distance: 12.4,
    range: 100,
    observationRate: 60,
    dartsRemaining: 23,
    dartsUsed: 2,
    dinosaursObserved: 1,
    totalDinosaurs: 5,
    missionComplete: false,
  },
};

export const POST_MESSAGE_EXAMPLES: OperationExamples = {
  request: { id: 12, message: 'Tracks by the river', recipientType: 'headquarters' },
  response: {
    id: 57,
    userId: 'Ada',
    username: 'Ada',
    senderRole: 'hunter',
    message: 'Tracks by the river',
    messageType: 'text',
    mediaType: null,
    mediaUrl: null,
    recipientType: 'headquarters',
    quickAction: null,
    location: null,
    teamId: null,
    createdAt: '2026-11-26T02:45:40.370Z',
    timestamp: 1795661140370,
  },
};

export const HUNTER_STATS_EXAMPLES: OperationExamples = {
  request: { sessionId: 12 },
  response: {
    hunterId: '8053a68f-4927-4c32-9c30-accd21c6153f',
    hunterName: 'Ada',
    dinosaursObserved: 1,
    totalObservationTime: 14,
    reportsSubmitted: 1,
    photosTaken: 0,
    distanceTraveled: 318.5,
    uniqueSpeciesFound: 1,
    dartsRemaining: 23,
    dartsUsed: 2,
    captureCount: 1,
    accuracy: 50,
    shotsFired: 2,
    completionRank: 1,
    huntersInSession: 3,
    observedDinosaurIds: [34],
  },
};

export const SESSION_HUNTER_STATS_EXAMPLES: OperationExamples = {
  request: { id: 12 },
  response: [
    {
      hunterId: '8053a68f-4927-4c32-9c30-accd21c6153f',
      hunterName: 'Ada',
      dinosaursObserved: 1,
      completionRank: 1,
      completionTime: null,
      observedDinosaurIds: [34],
      teamId: 3,
    },
  ],
};

// --- Teams (issue 42) ---

const RAPTORS = {
  id: 3,
  sessionId: 12,
  name: 'Raptor Squad',
  color: '#e6194b',
  locked: false,
  members: [
    { playerId: 41, userId: '8053a68f-4927-4c32-9c30-accd21c6153f', hunterName: 'Ada' },
    { playerId: 42, userId: 'guest_5f0c2b9e', hunterName: 'Ben' },
  ],
  memberCount: 2,
  maxSize: 4,
  score: { uniqueSpecies: 2, observations: 3, dartsUsed: 4, accuracy: 75, rank: 1, reachedAt: '2026-11-26T02:51:02.114Z' },
};

export const TEAMS_LIST_EXAMPLES: OperationExamples = {
  request: { id: 12 },
  response: {
    sessionId: 12,
    teamMode: 'open',
    maxTeamSize: 4,
    teamSwitchAfterStart: false,
    teams: [{ ...RAPTORS, code: 'K7M2QX' }],
    myTeamId: 3,
    unassigned: [{ playerId: 43, userId: 'guest_9a1d7c33', hunterName: 'Cleo' }],
  },
};

export const CREATE_TEAM_EXAMPLES: OperationExamples = {
  request: { id: 12, name: 'Raptor Squad' },
  response: {
    ...RAPTORS,
    members: [RAPTORS.members[0]],
    memberCount: 1,
    score: { uniqueSpecies: 0, observations: 0, dartsUsed: 0, accuracy: 0, rank: 1, reachedAt: null },
    code: 'K7M2QX',
  },
};

export const JOIN_TEAM_EXAMPLES: OperationExamples = {
  request: { id: 12, teamId: 3 },
  response: { sessionId: 12, playerId: 42, teamId: 3, previousTeamId: null },
};

export const FORGOT_PASSWORD_EXAMPLES: OperationExamples = {
  request: { email: 'grace@example.com' },
  response: { success: true },
};

export const RESET_PASSWORD_EXAMPLES: OperationExamples = {
  request: { token: 'r3Xq6b1mJ0vYkPzL9cT2wN8sH4aD7fE5gU1iO0pQ2lK', password: 'Amber-Trail-2026' },
  response: { success: true },
};
