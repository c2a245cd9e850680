// What the terminal does with live events beyond the cache updates SessionLive
// already makes: the spec's notices to hunters (broadcast, dinosaur deployed),
// status changes said in words, the end dialog, and the unread count on Comms.
import { GAME_MASTER_LABEL } from '../../../domain/rules';
import { notify } from '../../lib/notify';
import type { EventOf } from '../../../domain/contracts';
import type { LiveEvent } from '../live';
import type { SpeciesLite } from '../species/types';
import { ownTeamNotice } from '../teams/teamNotice';

export type TerminalEventContext = {
  speciesName: (speciesId: number) => string | null;
  ownHandle: string | null;
  onSessionEnded: () => void;
  onUnreadMessage: () => void;
  /** An achievement this hunter earned (the event's audience is the hunter and HQ). */
  onAchievement: (event: LiveEvent & EventOf<'achievement_earned'>) => void;
  /** A team's name by id (issue 42), for the notice when this hunter's team changes. */
  teamName?: (teamId: number) => string | null;
};

const STATUS_NOTICES: Record<string, { title: string; description: string }> = {
  session_started: { title: 'Hunt Started', description: 'The dinosaurs are on the map. Good hunting!' },
  session_paused: { title: 'Hunt Paused', description: 'The game master paused the hunt. The clock is frozen.' },
  session_resumed: { title: 'Hunt Resumed', description: 'The hunt is live again.' },
  dinosaurs_cleared: { title: 'Dinosaurs Cleared', description: 'The game master removed every dinosaur from the area.' },
  dinosaur_moved: { title: 'Dinosaur Moved', description: 'The game master moved a dinosaur: your map shows where it is now.' },
  dinosaur_removed: { title: 'Dinosaur Removed', description: 'The game master took a dinosaur out of the hunt.' },
};

const text = (value: string): string | null => (value.trim() ? value : null);

export function handleTerminalEvent(event: LiveEvent, ctx: TerminalEventContext) {
  switch (event.type) {
    case 'broadcast':
      notify({ title: `${GAME_MASTER_LABEL} broadcast`, description: text(event.payload.message) ?? '' });
      return;
    case 'dinosaur_deployed': {
      const name = ctx.speciesName(event.payload.dinosaur.speciesId);
      notify({ title: 'New Dinosaur Deployed', description: `${name ?? 'A dinosaur'} is now in the hunt area.` });
      return;
    }
    case 'session_ended':
      ctx.onSessionEnded();
      return;
    case 'achievement_earned':
      ctx.onAchievement(event);
      return;
    case 'team_membership': {
      const notice = ownTeamNotice(event.payload, ctx.ownHandle, ctx.teamName ?? (() => null));
      if (notice) notify(notice);
      return;
    }
    case 'new_communication': {
      // Broadcasts have their own notice; own messages are not news.
      const { messageType, userId } = event.payload;
      if (messageType === 'broadcast' || (ctx.ownHandle !== null && userId === ctx.ownHandle)) return;
      ctx.onUnreadMessage();
      return;
    }
    default: {
      const notice = STATUS_NOTICES[event.type];
      if (notice) notify(notice);
    }
  }
}

export function speciesNameLookup(byId: ReadonlyMap<number, SpeciesLite>) {
  return (id: number) => byId.get(id)?.name ?? null;
}
