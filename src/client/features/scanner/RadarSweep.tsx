// The scanner's radar, north up: a sweep while scanning, then a blip per
// detected creature at its bearing and distance (rim = 1000 m, square-root
// scale so a creature 20 m away is not hidden under the hunter). Decorative:
// the list beside it carries every figure for screen readers.
import type { CSSProperties } from 'react';
import { DETECTION_RADIUS_M, SCAN_STEP_MS, SCAN_STEPS } from '../../../domain/rules';
import classes from './scanner.module.css';

const DEG_TO_RAD = Math.PI / 180;
/** Blips stay inside the rim by this fraction of the radius. */
const RIM_FRACTION = 0.92;
const HALF = 50;

export type RadarBlip = { id: number; distance: number; bearing: number; immediateThreat: boolean };

export function RadarSweep({ sweeping, blips }: { sweeping: boolean; blips: readonly RadarBlip[] }) {
  const style = { '--sweep-ms': `${SCAN_STEPS * SCAN_STEP_MS}ms` } as CSSProperties;
  return (
    <div className={`${classes.radar} ${classes.crosshair}`} style={style} aria-hidden data-testid="radar">
      {sweeping && <div className={classes.sweep} />}
      <span className={classes.north}>N</span>
      <span className={classes.self} />
      {!sweeping &&
        blips.map((b) => {
          const r = Math.sqrt(Math.min(1, Math.max(0, b.distance) / DETECTION_RADIUS_M)) * RIM_FRACTION * HALF;
          const left = HALF + r * Math.sin(b.bearing * DEG_TO_RAD);
          const top = HALF - r * Math.cos(b.bearing * DEG_TO_RAD);
          return (
            <span
              key={b.id}
              className={`${classes.blip} ${b.immediateThreat ? classes.threat : ''}`}
              style={{ left: `${left}%`, top: `${top}%` }}
            />
          );
        })}
    </div>
  );
}
