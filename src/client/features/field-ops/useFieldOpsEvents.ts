// Live notices on Field Operations (spec, section 7 "Real-time socket"): broadcasts
// and deployments show a notice (moves and removals too, issue 26); session_ended opens the end dialog at once.
import { GAME_MASTER_LABEL } from '../../../domain/rules';
import { notify } from '../../lib/notify';
import type { EventOf } from '../../../domain/contracts';
import type { LiveEvent } from '../live';
import { ownTeamNotice } from '../teams/teamNotice';

export function fieldOpsEventHandler({
  onSessionEnded,
  onAchievement,
  ownHandle = null,
  teamName = () => null,
}: {
  onSessionEnded: () => void;
  /** The hunter's handle and the teams' names (issue 42): the notice when their own team changes. */
  ownHandle?: string | null;
  teamName?: (teamId: number) => string | null;
  /** An achievement this hunter earned (toast and buzz). */
  onAchievement?: (event: LiveEvent & EventOf<'achievement_earned'>) => void;
}) {
  return (event: LiveEvent) => {
    switch (event.type) {
      case 'broadcast':
        notify({ title: `Broadcast from ${GAME_MASTER_LABEL}`, description: event.payload.message });
        break;
      case 'dinosaur_deployed': {
        const name = event.payload.dinosaur.speciesName || 'A dinosaur';
        notify({ title: 'New Dinosaur Deployed', description: `${name} is now in the hunting area.` });
        break;
      }
      case 'dinosaur_moved':
        notify({ title: 'Dinosaur Moved', description: 'The game master moved a dinosaur: the map shows where it is now.' });
        break;
      case 'dinosaur_removed':
        notify({ title: 'Dinosaur Removed', description: 'The game master took a dinosaur out of the hunt.' });
        break;
      case 'session_ended':
        onSessionEnded();
        break;
      case 'achievement_earned':
        onAchievement?.(event);
        break;
      case 'team_membership': {
        const notice = ownTeamNotice(event.payload, ownHandle, teamName);
        if (notice) notify(notice);
        break;
      }
    }
  };
}
