// Past hunts (issue 26): GET /api/game-sessions/{id}/results.csv, every hunter's results as a
// spreadsheet for the owning game master. A plain route: tRPC answers JSON only.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createContextInner } from '../context';
import type { AppDeps } from '../deps';
import { registerOpenApiPaths } from '../openapi';
import { huntResultsCsv } from '../services/hunt-archive';
import { requireSubscription } from '../services/plan-limits';
import { GAME_MASTER_ROLES, requireOwnedSession, requireRole, requireSignIn, SessionIdParam } from '../trpc';
import { badRequest } from '../errors';
import { cookieSecurity as security, errorResponses } from './openapi-errors';

export function huntDownloadRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/api/game-sessions/:id/results.csv', async (request, reply) => {
    const ctx = await createContextInner(deps, {
      cookieHeader: request.headers.cookie,
      setCookie: (c) => reply.header('set-cookie', c),
      ip: request.ip,
    });
    // The order of ownedSessionProcedure: signed in (401), a game master with a plan or an admin (403), the owner (404/403).
    const { user } = requireSignIn(ctx);
    requireRole(user, GAME_MASTER_ROLES);
    await requireSubscription(ctx, user);
    const params = SessionIdParam.safeParse(request.params);
    if (!params.success) throw badRequest(params.error.issues[0]?.message ?? 'Invalid session id');
    const session = await requireOwnedSession(ctx, user, params.data.id);
    const { csv, fileName } = await huntResultsCsv(deps, session);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(`\uFEFF${csv}`);
  });
}

registerOpenApiPaths({
  '/game-sessions/{id}/results.csv': {
    get: {
      operationId: 'hunts-resultsCsv',
      tags: ['game-sessions'],
      summary: "Download a session's results, one row per hunter, as CSV",
      description:
        'For the owning game master (with a plan) or an admin: rank, hunter, dinosaurs observed and their species, darts ' +
        'used, shots fired, metres walked, minutes played and when all were observed. Cells a spreadsheet would read as a ' +
        'formula (starting with =, +, -, @) begin with an apostrophe. 401 signed out, 403 not the owner, 404 no such session.',
      security,
      requestParams: { path: z.object({ id: z.number().int().positive() }) },
      responses: {
        200: { description: 'CSV (UTF-8 with BOM, attachment)', content: { 'text/csv': { schema: z.string() } } },
        ...errorResponses({ 400: 'Invalid session id', 401: 'Not signed in', 403: 'Not the owning game master, or Subscription Required', 404: 'Session not found' }),
      },
    },
  },
});
