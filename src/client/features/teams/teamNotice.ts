// What a hunter is told when their own team changes (issue 42): placed in a team by the game master,
// moved, or taken out of one. Other hunters' moves are not news on a phone.
import type { PayloadOf } from '../../../domain/contracts';
import type { NotifyInput } from '../../lib/notify';

export function ownTeamNotice(
  payload: PayloadOf<'team_membership'>,
  ownHandle: string | null,
  teamName: (teamId: number) => string | null,
): NotifyInput | null {
  if (ownHandle === null || payload.hunterName !== ownHandle) return null;
  if (payload.teamId === null) {
    return payload.previousTeamId === null ? null : { title: 'No team', description: 'You are no longer in a team.' };
  }
  const name = teamName(payload.teamId);
  return { title: 'Your team', description: name ? `You are in team ${name} now.` : 'You are in a team now.' };
}
