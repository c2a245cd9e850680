// Every live event updates or invalidates the queries it touches, in the one
// TanStack Query cache, so blocks keep using plain queries and never poll while
// the socket is live. Messages and hunter positions are written in place (they
// carry the whole record); everything else is refetched by its active queries.
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { HunterPosition } from '../../../domain/contracts';
import { COMMS_PAGE_SIZE } from '../../../domain/rules';
import type { AppRouter } from '../../../server/routers';
import type { trpc as Trpc } from '../../trpc';
import type { LiveEvent, PayloadOf } from '../../../domain/contracts';
import { withRanking, withTeam, withoutTeam } from '../teams/teamCache';

type Message = inferRouterOutputs<AppRouter>['comms']['list'][number];
type ListInput = inferRouterInputs<AppRouter>['comms']['list'];
type Utils = ReturnType<typeof Trpc.useUtils>;

export function applyEventToCache(event: LiveEvent, utils: Utils, queryClient: QueryClient, api: typeof Trpc): void {
  const id = event.sessionId;
  const refresh = (key: QueryKey) => refreshAfterEvent(queryClient, key);
  const refreshSessionReads = () => {
    refresh(getQueryKey(api.sessions));
    // Hunters see dinosaurs only while the session runs: their list changes with the status.
    refresh(getQueryKey(api.deploy.list, { id }));
    refresh(getQueryKey(api.deploy.listBySession, { sessionId: id }));
  };
  switch (event.type) {
    case 'new_communication':
      appendMessage(queryClient, api, id, event.payload);
      // The sender's reports count moves with each message.
      refresh(getQueryKey(api.stats.hunterStats, { sessionId: id }));
      return;
    case 'broadcast':
      // The message itself arrives as new_communication; this one only raises the notice.
      return;
    case 'hunter_location':
      updateHunterPosition(queryClient, utils, api, id, event.payload);
      return;
    case 'dinosaur_deployed':
    case 'dinosaur_moved':
    case 'dinosaur_removed':
    case 'dinosaurs_cleared':
      refresh(getQueryKey(api.deploy.list, { id }));
      refresh(getQueryKey(api.deploy.listBySession, { sessionId: id }));
      refresh(getQueryKey(api.stats));
      return;
    case 'play_area_updated':
    case 'hunter_zone':
      // The area and every hunter's zone state are one small read (issue 26).
      refresh(getQueryKey(api.playArea.get, { id }));
      return;
    case 'hunter_progress':
      refresh(getQueryKey(api.stats));
      return;
    case 'achievement_earned':
      refresh(getQueryKey(api.achievements.mine));
      refresh(getQueryKey(api.achievements.session, { id }));
      return;
    case 'challenge_progress':
    case 'challenges_changed':
      // Objectives and progress (issue #44): the Brief tab's and HQ's reads.
      refresh(getQueryKey(api.challenges.mine, { sessionId: id }));
      refresh(getQueryKey(api.challenges.session, { id }));
      return;
    case 'hunter_account_kept':
      // A guest became an account: HQ's tracking knows the hunter by its new user id.
      refresh(getQueryKey(api.stats));
      refresh(getQueryKey(api.achievements.session, { id }));
      return;
    case 'credits_changed': {
      // The admin added credits to this game master (decision 752): the balance is in the event.
      const credits = event.payload.sessionCredits;
      if (utils.billing.userSubscription.getData()) {
        utils.billing.userSubscription.setData(undefined, (old) => (old ? { ...old, sessionCredits: credits } : old));
      } else {
        refresh(getQueryKey(api.billing.userSubscription));
      }
      return;
    }
    case 'hunter_joined':
      refresh(getQueryKey(api.sessions.get, { id }));
      refresh(getQueryKey(api.sessions.list));
      refresh(getQueryKey(api.stats.sessionHunterStats, { id }));
      // HQ's Objectives panel has a row per hunter (issue #44).
      refresh(getQueryKey(api.challenges.session, { id }));
      // A new hunter is one without a team (issue 42): HQ's Teams panel lists them.
      refresh(getQueryKey(api.teams.list, { id }));
      return;
    case 'hunter_removed':
      // Decision 836: everyone's count and lists; for the removed hunter, the session read is
      // refused with the reason, which their screen shows.
      refresh(getQueryKey(api.sessions.get, { id }));
      refresh(getQueryKey(api.sessions.list));
      refresh(getQueryKey(api.stats));
      refresh(getQueryKey(api.comms.hunterLocations, { id }));
      refresh(getQueryKey(api.challenges.session, { id }));
      // Removing a hunter removes them from their team.
      refresh(getQueryKey(api.teams.list, { id }));
      refresh(getQueryKey(api.teams.ranking, { id }));
      return;
    case 'session_created':
    case 'session_scheduled':
    case 'session_started':
    case 'session_paused':
    case 'session_resumed':
    case 'session_expedition':
      refreshSessionReads();
      return;
    case 'session_ended':
      refreshSessionReads();
      refresh(getQueryKey(api.stats));
      return;
    case 'team_settings':
      // The mode or size changed (a solo session's teams are gone): the session and its teams are read again.
      refresh(getQueryKey(api.sessions.get, { id }));
      refresh(getQueryKey(api.teams.list, { id }));
      refresh(getQueryKey(api.teams.ranking, { id }));
      return;
    case 'team_created':
    case 'team_updated': {
      const { team } = event.payload;
      utils.teams.list.setData({ id }, (data) => (data ? withTeam(data, team) : data));
      refetchIfStale(queryClient, getQueryKey(api.teams.list, { id }, 'query'));
      return;
    }
    case 'team_deleted':
      utils.teams.list.setData({ id }, (data) => (data ? withoutTeam(data, event.payload.teamId) : data));
      refresh(getQueryKey(api.teams.ranking, { id }));
      return;
    case 'team_membership':
      // Who is unassigned, the caller's own team (and its code) and what the caller may read change with a
      // membership: a hunter's team channel and teammates' positions follow their team.
      refresh(getQueryKey(api.teams.list, { id }));
      refresh(getQueryKey(api.teams.ranking, { id }));
      refresh(getQueryKey(api.comms.list, { id }));
      refresh(getQueryKey(api.comms.hunterLocations, { id }));
      refresh(getQueryKey(api.stats));
      return;
    case 'team_ranking': {
      const { ranking } = event.payload;
      utils.teams.list.setData({ id }, (data) => (data ? withRanking(data, ranking) : data));
      utils.teams.ranking.setData({ id }, (data) => (data ? { ...data, ranking } : data));
      refetchIfStale(queryClient, getQueryKey(api.teams.list, { id }, 'query'));
      refetchIfStale(queryClient, getQueryKey(api.teams.ranking, { id }, 'query'));
      return;
    }
    case 'account_deleted':
    case 'species_changed':
    case 'positions_purged':
      // Events of no session: a session's stream never carries them (the server's read cache hears them).
      return;
    default:
      unhandledEvent(event);
  }
}

/**
 * The end of an exhaustive switch over the events: `event` is `never` once every member of the
 * union (domain/contracts/events.ts) has its case, so a member added without one fails to compile
 * here. At run time an event this build does not know (a newer server) is left alone.
 */
export function unhandledEvent(_event: never): void {}

/**
 * Refetches what an event changed, so that the answer that lands was read after it.
 * `invalidateQueries` restarts a fetch in flight only when the query already has data; a
 * FIRST fetch under way (a tab just opened) would be joined instead, and its answer, read
 * before the event, would land as fresh. Such fetches are cancelled first (the query goes
 * back to its empty state) and then fetched anew.
 */
export function refreshAfterEvent(queryClient: QueryClient, queryKey: QueryKey): void {
  const filters = { queryKey };
  const firstFetches = queryClient
    .getQueryCache()
    .findAll(filters)
    .filter((q) => q.state.data === undefined && q.state.fetchStatus === 'fetching');
  if (firstFetches.length === 0) {
    void queryClient.invalidateQueries(filters);
    return;
  }
  void Promise.all(firstFetches.map((q) => q.cancel({ revert: true }))).then(() => queryClient.invalidateQueries(filters));
}

/** Appends a message to every cached "latest messages" list of the session (no duplicates, newest last). */
function appendMessage(queryClient: QueryClient, api: typeof Trpc, sessionId: number, { sessionId: _session, ...message }: PayloadOf<'new_communication'>) {
  const lists = queryClient.getQueriesData<Message[]>({ queryKey: getQueryKey(api.comms.list, { id: sessionId }, 'query') });
  for (const [key, data] of lists) {
    const input = (key[1] as { input?: ListInput } | undefined)?.input;
    if (!data || input?.afterId !== undefined || input?.beforeId !== undefined) {
      refreshAfterEvent(queryClient, key);
      continue;
    }
    if (data.some((m) => m.id === message.id)) continue;
    const next: Message[] = [...data, message].sort((a, b) => a.id - b.id).slice(-(input?.limit ?? COMMS_PAGE_SIZE));
    queryClient.setQueryData(key, next);
    refetchIfStale(queryClient, key);
  }
}

/**
 * A fetch already in flight (the refetch after a reconnect) was answered before this
 * event was written: landing after our in-place update, it would erase it. Restart it,
 * so the answer that lands is read after the event (invalidate cancels the old one).
 */
function refetchIfStale(queryClient: QueryClient, key: readonly unknown[]) {
  if (queryClient.isFetching({ queryKey: key, exact: true }) > 0) {
    void queryClient.invalidateQueries({ queryKey: key, exact: true });
  }
}

function updateHunterPosition(
  queryClient: QueryClient,
  utils: Utils,
  api: typeof Trpc,
  sessionId: number,
  { sessionId: _session, ...position }: PayloadOf<'hunter_location'>,
) {
  const next: HunterPosition = position;
  utils.comms.hunterLocations.setData({ id: sessionId }, (current) => {
    if (!current) return current; // not loaded yet: its first fetch will include this position
    const others = current.filter((h) => h.userId !== next.userId);
    return [...others, next];
  });
  refetchIfStale(queryClient, getQueryKey(api.comms.hunterLocations, { id: sessionId }, 'query'));
}
