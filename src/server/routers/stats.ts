// Observations and hunter statistics.
import { z } from 'zod';
import { OBSERVATION_RANGE_M } from '../../domain/rules';
import { ObservationInput } from '../../domain/session-schemas';
import { readDataThroughCache } from '../cached-reads/cache-step';
import type { Context } from '../context';
import * as hunterStats from '../services/hunter-stats';
import * as observations from '../services/observations';
import { authedProcedure, cachedSessionRead, idParam, ownedSessionProcedure, ownedSessionRead, router } from '../trpc';
import { HunterStatsOutput, ObservationOutputSchema } from './stats.types';
import { HUNTER_STATS_EXAMPLES, OBSERVE_EXAMPLES, SESSION_HUNTER_STATS_EXAMPLES } from './openapi-examples';

const HunterProgressOutput = z.array(
  z.object({
    hunterId: z.string(),
    hunterName: z.string(),
    dinosaursObserved: z.number().int(),
    completionRank: z.number().int(),
    completionTime: z.string().nullable(),
    observedDinosaurIds: z
      .array(z.number().int())
      .describe('The session dinosaurs (ids) this hunter has observed: headquarters marks them on its map'),
    teamId: z.number().int().nullable().describe("The hunter's team (issue 42): HQ's per-team tracking rows; null: none"),
  }),
);

const HunterResultsOutput = z.array(
  z.object({
    hunterId: z.string(),
    hunterName: z.string(),
    completionRank: z.number().int().describe('1 = best: most dinosaurs observed, then who got there first'),
    dinosaursObserved: z.number().int(),
    dartsUsed: z.number().int(),
    shotsFired: z.number().int(),
    distanceTraveled: z.number().describe('Metres, from stored positions'),
    totalObservationTime: z.number().int().describe('Minutes in the running session since joining'),
    completionTime: z.string().nullable().describe('When the hunter had observed every deployed dinosaur (ISO), or null'),
    observedSpecies: z
      .array(z.string())
      .describe('The species the hunter observed, each once, in the order they first observed it'),
    teamId: z.number().int().nullable().describe("The hunter's team (issue 42); null: none, or a solo session"),
    teamName: z.string().nullable().describe("The team's name, or null"),
  }),
);

/** The session's ranking, kept once per session: GM hunter-stats answers it, a hunter's stats read their place in it. */
const rankingKey = (sessionId: number) => ({ sessionId, key: 'ranking' });
const rankingOf = (ctx: Pick<Context, 'db' | 'readCache'>, sessionId: number) =>
  readDataThroughCache(ctx.readCache, rankingKey(sessionId), () => hunterStats.sessionHunterStats(ctx, sessionId));

export const statsRouter = router({
  observe: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/hunter/observation',
        examples: OBSERVE_EXAMPLES,
        tags: ['hunter'],
        summary: 'Fire one tranquilizer dart at a deployed dinosaur (record an observation)',
        description:
          'Only a hunter of that session while it is active. One dart per attempt in range (25 to start; none left: 409). ' +
          `The server measures the distance from the hunter's last reported position (at most 2 minutes old) to the ` +
          `dinosaur; within ${OBSERVATION_RANGE_M} m the attempt uses a dart and succeeds with the species' captureRate; ` +
          "beyond it the answer is outcome out_of_range ('Too far away...') and no dart is used. " +
          'The client-sent distance is never trusted and hunterId (a local id) is ' +
          'not an identity: the session cookie is. A dinosaur counts once per hunter (409 afterwards, no dart); a ' +
          'second attempt on the same dinosaur within 2 s is a double submit (409, no dart). 401 without a sign-in, 403 for anyone but a hunter of the session, 404 for an unknown session or dinosaur, 400 for an invalid field.',
        errorResponses: {
          400: 'Validation failed',
          401: 'Not signed in',
          403: 'Not a hunter of this session',
          404: 'Session or dinosaur not found',
          409: 'Session not active, no darts, already observed, double submit, or position unknown/out of date',
        },
      },
    })
    .input(ObservationInput)
    .output(ObservationOutputSchema)
    .mutation(({ ctx, input }) => observations.recordObservation(ctx, input)),

  hunterStats: cachedSessionRead(
    z.object({
      sessionId: idParam('Session Error'),
      hunterId: z.string().max(200).optional(),
    }),
    async (ctx, input) => {
      // Access: whose stats the caller may read (404/403), and one clock reading for the fingerprint and the answer.
      const target = await hunterStats.hunterStatsTarget(ctx, input);
      const readAt = ctx.now();
      // Then the cache: a hunter's own stats, per hunter, while what the request reads fresh (their row, the clock)
      // matches. A game master's or admin's read of one hunter is not kept: it is not polled by every guest.
      const read = target.ownPlayer && {
        sessionId: target.session.id,
        key: `stats|${target.userId}`,
        fingerprint: hunterStats.ownStatsFingerprint(target.session, target.ownPlayer, readAt),
      };
      return { read, ctx: { target, readAt } };
    },
  )
    .meta({
      openapi: {
        method: 'GET',
        path: '/hunter/stats',
        examples: HUNTER_STATS_EXAMPLES,
        tags: ['hunter'],
        summary: "A hunter's statistics in a session (polled every 3 s)",
        description:
          'A hunter gets their own statistics (hunterId is ignored: identity comes from the session cookie). The ' +
          "owning game master or an admin passes hunterId = the hunter's user id. Computed from stored events. 401 without a sign-in, 403 with no part in the session, 404 for an unknown session or hunter.",
        errorResponses: {
          401: 'Not signed in',
          403: 'No part in this session',
          404: 'Session or hunter not found',
        },
      },
    })
    .output(HunterStatsOutput)
    .query(async ({ ctx, input: _input }) => {
      const { target, readAt } = ctx;
      const ranking = await rankingOf(ctx, target.session.id);
      return hunterStats.statsOf({ db: ctx.db, now: () => readAt }, target.session, target.userId, ranking);
    }),

  // Cache: one ranking per session (a hunter's stats read their place in it: rankingOf).
  sessionHunterStats: ownedSessionRead((gameSession) => rankingKey(gameSession.id))
    .meta({
      openapi: {
        method: 'GET',
        path: '/game-sessions/{id}/hunter-stats',
        examples: SESSION_HUNTER_STATS_EXAMPLES,
        tags: ['game-sessions'],
        summary: 'Per-hunter progress for the game master (polled every 5 s)',
        description:
          'One row per hunter, best first: completionRank orders by dinosaurs observed, then who reached that count ' +
          'first. completionTime is when the hunter had observed every deployed dinosaur. Only the session\'s game master (or an admin): 401 without a sign-in, 403 for anyone else, 404 for an unknown session.',
        errorResponses: { 401: 'Not signed in', 403: 'Not the owning game master', 404: 'Session not found' },
      },
    })
    .output(HunterProgressOutput)
    .query(({ ctx }) => hunterStats.sessionHunterStats(ctx, ctx.gameSession.id)),

  sessionHunterResults: ownedSessionProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/game-sessions/{id}/hunter-results',
        tags: ['game-sessions'],
        summary: "Each hunter's results in a session: observed, darts, distance, time (the game master's past hunts)",
        description:
          'One row per hunter, best first (the ranking of GET /game-sessions/{id}/hunter-stats), with dinosaurs observed, ' +
          'darts used, shots fired, metres walked and minutes in the running session: the figures each hunter reads of ' +
          'themselves. For any session of the caller, running or ended; ended sessions stay readable after HQ closes them. Only the session\'s game master (or an admin): 401 without a sign-in, 403 for anyone else, 404 for an unknown session.',
        errorResponses: { 401: 'Not signed in', 403: 'Not the owning game master', 404: 'Session not found' },
      },
    })
    .output(HunterResultsOutput)
    .query(({ ctx }) => hunterStats.sessionHunterResults(ctx, ctx.gameSession)),
});
