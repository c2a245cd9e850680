// The terminal's GPS notice ('Location Access Required' and the other GPS errors, GpsErrorNotice), docked
// between the content and the tab bar (decision 909). It appears when the browser refuses or loses
// location, often after the Brief has been drawn: above the content it pushed the Brief down by its whole
// height (a layout shift of 0.22 on a phone, and a jump under the hunter's thumb). Here the content gives up
// the room at its bottom instead, so nothing in it moves, and the notice stays in sight on every tab.
// Notices (toasts) appear above it, not over it (lib/toastFloor.ts).
import { useRef } from 'react';
import { useToastFloor } from '../../lib/toastFloor';
import { GpsErrorNotice } from '../gps/GpsErrorNotice';
import type { Gps } from '../gps/useGps';
import classes from './terminal.module.css';

type Props = { gps: Pick<Gps, 'status' | 'error' | 'retry'> };

export function TerminalGpsDock({ gps }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const shown = gps.error !== null;
  useToastFloor(ref, shown);
  if (!shown) return null;
  return (
    <div ref={ref} className={classes.dock} data-testid="gps-dock">
      <GpsErrorNotice gps={gps} docked />
    </div>
  );
}
