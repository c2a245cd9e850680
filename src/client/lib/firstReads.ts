// The first reads the server put in a page's HTML (decision 855; src/server/http/first-reads.ts): the
// answers the page's first tRPC batch would fetch, put in the query cache before the screen renders, so it
// draws without waiting for a round trip. Each is the procedure's own answer (superjson, as httpBatchLink
// receives it), keyed as the screen's query keys it. A page without them (signed out, the service worker's
// cached shell) reads through the API as before. The terminal's reads also say where the session's live
// events stood when the server read them (decision 916): its stream resumes from there.
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import superjson from 'superjson';
import { FIRST_READS_ELEMENT_ID, FIRST_READS_KEEP_MS } from '../../domain/transport';
import { trpc } from '../trpc';

/** tRPC's own key of a procedure's query (its generic signature does not take a procedure chosen at run time). */
const queryKeyOf = getQueryKey as unknown as (procedure: unknown, input: unknown, type: 'query') => QueryKey;

type FirstRead = { path: string; input?: unknown; result: Parameters<typeof superjson.deserialize>[0] };

/** The procedures a first read may seed: those a route shell's screens start with. */
const SEEDABLE = {
  'auth.session': trpc.auth.session,
  'sessions.get': trpc.sessions.get,
  'sessions.list': trpc.sessions.list,
  // The rest of the terminal's first screen (decision 917).
  'deploy.list': trpc.deploy.list,
  'admin.speciesList': trpc.admin.speciesList,
  'admin.missionsList': trpc.admin.missionsList,
  'stats.hunterStats': trpc.stats.hunterStats,
  'playArea.get': trpc.playArea.get,
  // The rest of Mission HQ's first screen (decision 922).
  'billing.userSubscription': trpc.billing.userSubscription,
  'hunts.listLayouts': trpc.hunts.listLayouts,
  'places.lastPlayed': trpc.places.lastPlayed,
  'system.config': trpc.system.config,
  'comms.hunterLocations': trpc.comms.hunterLocations,
  'comms.list': trpc.comms.list,
  'stats.sessionHunterStats': trpc.stats.sessionHunterStats,
  'achievements.session': trpc.achievements.session,
} as const;

/** The path of the event stream's cursor among the first reads (src/server/http/first-reads.ts). */
const EVENT_CURSOR = 'comms.events';

/** Where the session's live events stood before the page's first reads were read, while it is fresh. */
let eventCursor: { sessionId: number; lastEventId: number; until: number } | null = null;

/**
 * The event id the session's live stream may resume from instead of refetching what the page has read:
 * every read this page made came after it. Null for another session, without one, or once it is older
 * than FIRST_READS_KEEP_MS (a screen opened later reads afresh, and the stream need not replay much).
 */
export function firstEventCursor(sessionId: number, now = Date.now()): number | null {
  if (!eventCursor || eventCursor.sessionId !== sessionId || now > eventCursor.until) return null;
  return eventCursor.lastEventId;
}

function seedEventCursor(read: FirstRead, now: number): boolean {
  const sessionId = (read.input as { sessionId?: unknown } | undefined)?.sessionId;
  let lastEventId: unknown;
  try {
    lastEventId = superjson.deserialize<{ lastEventId?: unknown } | null>(read.result)?.lastEventId;
  } catch {
    return false;
  }
  if (!Number.isSafeInteger(sessionId) || !Number.isSafeInteger(lastEventId)) return false;
  eventCursor = { sessionId: sessionId as number, lastEventId: lastEventId as number, until: now + FIRST_READS_KEEP_MS };
  return true;
}

function readEmbedded(doc: Document): FirstRead[] {
  const element = doc.getElementById(FIRST_READS_ELEMENT_ID);
  if (!element?.textContent) return [];
  element.remove(); // read once: a later page of this document (client-side navigation) asks the API
  try {
    const reads: unknown = JSON.parse(element.textContent);
    return Array.isArray(reads) ? (reads as FirstRead[]) : [];
  } catch {
    return [];
  }
}

/** Seeds `queryClient` from the document's first reads; returns how many it seeded. */
export function seedFirstReads(queryClient: QueryClient, doc: Document = document, now = Date.now()): number {
  let seeded = 0;
  for (const read of readEmbedded(doc)) {
    if (typeof read.result !== 'object' || read.result === null) continue;
    if (read.path === EVENT_CURSOR) {
      if (seedEventCursor(read, now)) seeded += 1;
      continue;
    }
    const procedure = SEEDABLE[read.path as keyof typeof SEEDABLE];
    if (!procedure) continue;
    const queryKey = queryKeyOf(procedure, read.input, 'query');
    // Kept long enough for the screen to mount (the spec's cache lifetime of 0 would drop it at once);
    // the screen's own options apply from its first render (stale at once: it refreshes in the background).
    const query = queryClient.getQueryCache().build(queryClient, { queryKey, gcTime: FIRST_READS_KEEP_MS });
    query.setData(superjson.deserialize(read.result), { updatedAt: now, manual: true });
    seeded += 1;
  }
  return seeded;
}
