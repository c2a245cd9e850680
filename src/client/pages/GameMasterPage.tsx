import { GameMasterGate } from '../features/billing/GameMasterGate';
import { MissionHQ } from '../features/gamemaster/MissionHQ';

/** /gamemaster: Mission HQ, behind the game master guard (Authentication / Subscription Required; admins pass). */
export function GameMasterPage() {
  return (
    <GameMasterGate>
      <MissionHQ />
    </GameMasterGate>
  );
}
