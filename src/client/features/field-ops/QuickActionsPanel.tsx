// Quick Actions (spec, section 2): the six one-tap radio calls, with the hunter's position; in a team
// (issue 42) they go to the team's channel, which the teammates and HQ read.
import { QuickActions } from '../comms';
import type { LatLng } from '../comms';
import { Panel } from './Panel';

export function QuickActionsPanel({ sessionId, location, teamId = null }: { sessionId: number; location: LatLng | null; teamId?: number | null }) {
  return (
    <Panel title="Quick Actions" area="quick" testId="quick-actions">
      <QuickActions sessionId={sessionId} location={location} teamId={teamId} />
    </Panel>
  );
}
