// The first reads the server put in a page's HTML (decision 855; src/server/http/first-reads.ts): the
// answers the page's first tRPC batch would fetch, put in the query cache before the screen renders, so it
// draws without waiting for a round trip. Each is the procedure's own answer (superjson, as httpBatchLink
// receives it), keyed as the screen's query keys it. A page without them (signed out, the service worker's
// cached shell) reads through the API as before.
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import superjson from 'superjson';
import { FIRST_READS_ELEMENT_ID, FIRST_READS_KEEP_MS } from '../../domain/rules';
import { trpc } from '../trpc';

/** tRPC's own key of a procedure's query (its generic signature does not take a procedure chosen at run time). */
const queryKeyOf = getQueryKey as unknown as (procedure: unknown, input: unknown, type: 'query') => QueryKey;

type FirstRead = { path: string; input?: unknown; result: Parameters<typeof superjson.deserialize>[0] };

/** The procedures a first read may seed: the few a route shell's screens start with. */
const SEEDABLE = {
  'auth.session': trpc.auth.session,
  'sessions.get': trpc.sessions.get,
  'sessions.list': trpc.sessions.list,
} as const;

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
    const procedure = SEEDABLE[read.path as keyof typeof SEEDABLE];
    if (!procedure || typeof read.result !== 'object' || read.result === null) continue;
    const queryKey = queryKeyOf(procedure, read.input, 'query');
    // Kept long enough for the screen to mount (the spec's cache lifetime of 0 would drop it at once);
    // the screen's own options apply from its first render (stale at once: it refreshes in the background).
    const query = queryClient.getQueryCache().build(queryClient, { queryKey, gcTime: FIRST_READS_KEEP_MS });
    query.setData(superjson.deserialize(read.result), { updatedAt: now, manual: true });
    seeded += 1;
  }
  return seeded;
}
