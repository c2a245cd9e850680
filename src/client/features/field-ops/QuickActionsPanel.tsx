// Quick Actions (spec, section 2): the six one-tap radio calls, with the hunter's position.
import { QuickActions } from '../comms';
import type { LatLng } from '../comms';
import { Panel } from './Panel';

export function QuickActionsPanel({ sessionId, location }: { sessionId: number; location: LatLng | null }) {
  return (
    <Panel title="Quick Actions" area="quick" testId="quick-actions">
      <QuickActions sessionId={sessionId} location={location} />
    </Panel>
  );
}
