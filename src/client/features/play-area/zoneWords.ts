// How a hunter's zone state reads, for HQ (badges, notices) and the hunter (banner).
import type { PayloadOf } from '../../../domain/contracts';
import type { ZoneState } from '../../../domain/play-area-schemas';
import type { NotifyInput } from '../../lib/notify';

/** States that need someone to act. */
export const isAlarming = (zone: ZoneState | null | undefined): zone is 'outside_area' | 'in_no_go' =>
  zone === 'outside_area' || zone === 'in_no_go';

export const ZONE_BADGE: Record<'outside_area' | 'in_no_go', string> = {
  outside_area: 'Outside area',
  in_no_go: 'In no-go zone',
};

/** HQ's notice for a hunter_zone event, or null (a first fix inside says nothing). */
export function zoneNotice({ hunterName, zone, previous }: Pick<PayloadOf<'hunter_zone'>, 'hunterName' | 'zone' | 'previous'>): NotifyInput | null {
  const name = hunterName || 'A hunter';
  if (zone === 'outside_area') return { title: 'Hunter outside the play area', description: `${name} left the play area.`, variant: 'destructive' };
  if (zone === 'in_no_go') return { title: 'Hunter in a no-go zone', description: `${name} entered a no-go zone.`, variant: 'destructive' };
  if (zone === 'inside' && isAlarming(previous)) return { title: 'Hunter back inside', description: `${name} is back inside the play area.` };
  return null;
}
