// The first reads in the HTML (issue #25 third round, decision 855): when a signed-in user opens the Hunter
// Terminal, Field Operations or Mission HQ, the server answers the page's shell with the JSON its first tRPC
// batches would fetch (the sign-in status; the session the terminal's link names or the guest's own, with the
// rest of the terminal's first screen, decision 917; a hunter's joined sessions; HQ's first screen, with the
// session it opens on, decision 922), so the screen draws without waiting for the shell's modules and then
// a chain of round trips.
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
import { pickDefaultSession } from '../../domain/mission-control';
import { FIRST_READS_ELEMENT_ID } from '../../domain/transport';
import type { Context } from '../context';
import { latestEventId } from '../db/events';
import { appRouter } from '../routers';
import { createCallerFactory } from '../trpc';
import { replaceLiterally } from './html-splice';

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

type Caller = ReturnType<typeof createCaller>;
/** A read a screen may carry: its path and input as the client's query keys them, and the procedure call. */
type Read = [path: string, input: unknown, read: () => Promise<unknown>];

const firstRead = (path: string, input: unknown, data: unknown): FirstRead => ({
  path,
  ...(input === undefined ? {} : { input }),
  result: superjson.serialize(data),
});

/** Independent reads, asked together (one round trip's wait on PostgreSQL, not one each), kept in order. */
async function readAll(wanted: Read[]): Promise<FirstRead[]> {
  const answers = await Promise.all(wanted.map(([, , read]) => readOrSkip(read)));
  return wanted.flatMap(([path, input], i) => {
    const answer = answers[i];
    return answer ? [firstRead(path, input, answer.data)] : [];
  });
}

/**
 * A session and where its live events stood before it was read: read first, so every event after it is
 * replayed to the page's stream (comms.events resumes from it) and the page misses nothing that changes
 * between these reads and the stream's opening. Null when the user may not read the session.
 */
async function readSession(ctx: Context, caller: Caller, id: number) {
  const lastEventId = await latestEventId(ctx.db, [id]);
  const session = await readOrSkip(() => caller.sessions.get({ id }));
  if (!session) return null;
  const reads = [firstRead('sessions.get', { id }, session.data), firstRead('comms.events', { sessionId: id }, { lastEventId })];
  return { session: session.data, reads };
}

/** The Hunter Terminal (decision 917): the session it plays, and the rest of its first screen. */
async function terminalReads(ctx: Context, caller: Caller, id: number | null): Promise<FirstRead[]> {
  const read = id === null ? null : await readSession(ctx, caller, id);
  if (id === null || !read) return [];
  // It draws complete in one render, and its refetch on mount, which finds the same answers, redraws nothing.
  const wanted: Read[] = [
    ['deploy.list', { id }, () => caller.deploy.list({ id })],
    ['admin.speciesList', undefined, () => caller.admin.speciesList()],
    ['stats.hunterStats', { sessionId: id }, () => caller.stats.hunterStats({ sessionId: id })],
    ['playArea.get', { id }, () => caller.playArea.get({ id })],
  ];
  if (read.session.missionId != null) wanted.push(['admin.missionsList', undefined, () => caller.admin.missionsList()]);
  return [...read.reads, ...(await readAll(wanted))];
}

/**
 * Mission HQ (decision 922): the guard's subscription, the session lists and the panels' own reads, and the
 * session the screen opens on (pickDefaultSession, as MissionHQ picks it) with its panels' reads. A user the
 * screen turns away (a hunter; a game master without an active plan) gets no more than the guard reads.
 */
async function hqReads(ctx: Context, caller: Caller, role: string): Promise<FirstRead[]> {
  if (role !== 'gamemaster' && role !== 'admin') return [];
  const subscription = await readOrSkip(() => caller.billing.userSubscription());
  const reads = subscription ? [firstRead('billing.userSubscription', undefined, subscription.data)] : [];
  if (role === 'gamemaster' && subscription?.data?.status !== 'active') return reads;
  const open = await readOrSkip(() => caller.sessions.list({}));
  if (!open) return reads;
  reads.push(firstRead('sessions.list', {}, open.data));
  const id = pickDefaultSession(open.data)?.id ?? null;
  const [panels, picked] = await Promise.all([
    readAll([
      ['sessions.list', { includeEnded: true }, () => caller.sessions.list({ includeEnded: true })],
      ['admin.speciesList', undefined, () => caller.admin.speciesList()],
      ['hunts.listLayouts', undefined, () => caller.hunts.listLayouts()],
      ['places.lastPlayed', undefined, () => caller.places.lastPlayed()],
      ['system.config', undefined, () => caller.system.config()],
    ]),
    id === null ? null : readSession(ctx, caller, id),
  ]);
  reads.push(...panels);
  if (id === null || !picked) return reads;
  // The session's panels: the map and Deployment, Hunter Tracking, the play area, achievements and comms.
  const sessionPanels = await readAll([
    ['deploy.list', { id }, () => caller.deploy.list({ id })],
    ['comms.hunterLocations', { id }, () => caller.comms.hunterLocations({ id })],
    ['stats.sessionHunterStats', { id }, () => caller.stats.sessionHunterStats({ id })],
    ['playArea.get', { id }, () => caller.playArea.get({ id })],
    ['achievements.session', { id }, () => caller.achievements.session({ id })],
    ['comms.list', { id }, () => caller.comms.list({ id })],
  ]);
  return [...reads, ...picked.reads, ...sessionPanels];
}

/**
 * The first reads of `route` for this context's sign-in; none for a visitor who is not signed in (the page
 * sends them to sign in).
 */
export async function firstReads(ctx: Context, route: RouteShell['screen'], url: string): Promise<FirstRead[]> {
  if (!ctx.user || !ctx.authSession) return [];
  const caller = createCaller(ctx);
  const user = await caller.auth.session();
  if (!user) return [];
  const reads: FirstRead[] = [firstRead('auth.session', undefined, user)];
  if (route === 'terminal') {
    // The session the terminal plays (useTerminalSessionId): a guest's own wins over a stale link.
    reads.push(...(await terminalReads(ctx, caller, user.isGuest && user.gameSessionId ? user.gameSessionId : sessionIdParam(url))));
  } else if (route === 'hq') {
    reads.push(...(await hqReads(ctx, caller, user.role)));
  } else {
    const joined = await readOrSkip(() => caller.sessions.list({}));
    if (joined) reads.push(firstRead('sessions.list', {}, joined.data));
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
  return replaceLiterally(shell, '</head>', `${element}\n  </head>`);
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
