// The first reads in the HTML (issue #25 third round, decision 855): when a signed-in user opens the Hunter
// Terminal or Field Operations, the server answers the page's shell with the JSON its first tRPC batch would
// fetch (the sign-in status; the session the terminal's link names or the guest's own, with the rest of the
// terminal's first screen, decision 917; a hunter's joined sessions), so the screen draws without waiting for
// the shell's modules and then a round trip.
//
// Same rules as the API: every read is the procedure itself, called for this request's own sign-in (the
// caller runs its middleware, input and output checks). A refused read is left out: the page asks the API and
// shows the refusal as before. The answer is this user's: `Cache-Control: private, no-store`.
// The terminal's reads also carry where the session's live events stood before they were read (decision 916):
// its event stream resumes from there, so what the page reads from then on needs no refetch when it opens.
import { TRPCError } from '@trpc/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import superjson from 'superjson';
import type { RouteShell } from '../../domain/client-routes';
import { FIRST_READS_ELEMENT_ID } from '../../domain/rules';
import type { Context } from '../context';
import { latestEventId } from '../db/events';
import { appRouter } from '../routers';
import { createCallerFactory } from '../trpc';

/**
 * One read as the client's query cache keys it: the procedure's path and its input (absent when none). The
 * path `comms.events` is the event stream's cursor instead: `{ lastEventId }` for the session in its input.
 */
export type FirstRead = { path: string; input?: unknown; result: ReturnType<typeof superjson.serialize> };

const createCaller = createCallerFactory(appRouter);

/** A session id as the terminal reads it from `?sessionId=` (useTerminalSessionId): digits, a safe positive integer. */
export function sessionIdParam(url: string): number | null {
  const query = url.split('?', 2)[1];
  if (!query) return null;
  const value = new URLSearchParams(query).get('sessionId');
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** A read the procedure refuses (403, 404, a removed hunter) is not embedded; anything else is a real failure. */
async function readOrSkip<T>(read: () => Promise<T>): Promise<{ data: T } | null> {
  try {
    return { data: await read() };
  } catch (error) {
    if (error instanceof TRPCError && error.code !== 'INTERNAL_SERVER_ERROR') return null;
    throw error;
  }
}

/**
 * The first reads of `route` ('/hunter-mobile' or '/hunter') for this context's sign-in; none for a visitor
 * who is not signed in (the page sends them to sign in).
 */
export async function firstReads(ctx: Context, route: RouteShell['screen'], url: string): Promise<FirstRead[]> {
  if (!ctx.user || !ctx.authSession) return [];
  const caller = createCaller(ctx);
  const user = await caller.auth.session();
  if (!user) return [];
  const reads: FirstRead[] = [{ path: 'auth.session', result: superjson.serialize(user) }];
  if (route === 'terminal') {
    // The session the terminal plays (useTerminalSessionId): a guest's own wins over a stale link.
    const fromQuery = sessionIdParam(url);
    const id = user.isGuest && user.gameSessionId ? user.gameSessionId : fromQuery;
    if (id !== null) {
      // Read before the session: every event after it is replayed to the page's stream (comms.events resumes
      // from it), so the page misses nothing that changes between these reads and the stream's opening.
      const lastEventId = await latestEventId(ctx.db, [id]);
      const session = await readOrSkip(() => caller.sessions.get({ id }));
      if (session) {
        reads.push({ path: 'sessions.get', input: { id }, result: superjson.serialize(session.data) });
        reads.push({ path: 'comms.events', input: { sessionId: id }, result: superjson.serialize({ lastEventId }) });
        // What the terminal's first screen reads besides (decision 917): it draws complete in one render, and
        // its refetch on mount, which finds the same answers, redraws nothing.
        const terminalReads: [string, unknown, () => Promise<unknown>][] = [
          ['deploy.list', { id }, () => caller.deploy.list({ id })],
          ['admin.speciesList', undefined, () => caller.admin.speciesList()],
          ['stats.hunterStats', { sessionId: id }, () => caller.stats.hunterStats({ sessionId: id })],
          ['playArea.get', { id }, () => caller.playArea.get({ id })],
        ];
        if (session.data.missionId != null) terminalReads.push(['admin.missionsList', undefined, () => caller.admin.missionsList()]);
        // Independent reads, asked together (one round trip's wait on PostgreSQL, not one each), kept in order.
        const answers = await Promise.all(terminalReads.map(([, , read]) => readOrSkip(read)));
        terminalReads.forEach(([path, input], i) => {
          const answer = answers[i];
          if (answer) reads.push({ path, ...(input === undefined ? {} : { input }), result: superjson.serialize(answer.data) });
        });
      }
    }
  } else {
    const joined = await readOrSkip(() => caller.sessions.list({}));
    if (joined) reads.push({ path: 'sessions.list', input: {}, result: superjson.serialize(joined.data) });
  }
  return reads;
}

/**
 * JSON safe inside a `<script type="application/json">`: `<` (so no `</script>` or `<!--` can end or change
 * it), and the line separators some parsers refuse, escaped as JSON escapes (JSON.parse reads them back).
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** The shell with the first reads before `</head>` (the page's module scripts run after the document is parsed). */
export function withFirstReads(shell: string, reads: FirstRead[]): string {
  if (reads.length === 0) return shell;
  const element = `<script type="application/json" id="${FIRST_READS_ELEMENT_ID}">${scriptSafeJson(reads)}</script>`;
  return shell.replace('</head>', `${element}\n  </head>`);
}

/** Sends a route shell with the first reads of the request's sign-in (none: the plain shell, revalidated as before). */
export async function sendShellWithFirstReads(
  request: FastifyRequest,
  reply: FastifyReply,
  shell: string,
  route: RouteShell['screen'],
  createContext: (opts: { req: FastifyRequest; res: FastifyReply }) => Promise<Context>,
): Promise<FastifyReply> {
  let reads: FirstRead[] = [];
  try {
    if (request.headers.cookie) reads = await firstReads(await createContext({ req: request, res: reply }), route, request.url);
  } catch (error) {
    // The page still opens: it reads through the API as without first reads (and shows that failure its own way).
    request.log.error({ err: error }, 'first reads failed');
  }
  return reply
    .type('text/html; charset=utf-8')
    .header('Cache-Control', reads.length > 0 ? 'private, no-store' : 'no-cache')
    .send(withFirstReads(shell, reads));
}
