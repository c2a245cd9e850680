// Live notices on Field Operations (spec, section 7 "Real-time socket"): broadcasts
// and deployments show a notice; session_ended opens the end dialog at once.
import { GAME_MASTER_LABEL } from '../../../domain/rules';
import { notify } from '../../lib/notify';
import type { LiveEvent } from '../live';

export function fieldOpsEventHandler({ onSessionEnded }: { onSessionEnded: () => void }) {
  return (event: LiveEvent) => {
    const p = event.payload;
    switch (event.type) {
      case 'broadcast':
        notify({ title: `Broadcast from ${GAME_MASTER_LABEL}`, description: typeof p.message === 'string' ? p.message : undefined });
        break;
      case 'dinosaur_deployed': {
        const dino = p.dinosaur as { speciesName?: unknown } | undefined;
        const name = typeof dino?.speciesName === 'string' ? dino.speciesName : 'A dinosaur';
        notify({ title: 'New Dinosaur Deployed', description: `${name} is now in the hunting area.` });
        break;
      }
      case 'session_ended':
        onSessionEnded();
        break;

    }
  };
}
