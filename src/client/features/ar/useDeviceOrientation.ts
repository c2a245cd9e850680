// The phone's absolute orientation from DeviceOrientation events: Chrome's
// 'deviceorientationabsolute', or iOS 'deviceorientation' made absolute with
// webkitCompassHeading. Readings go to a ref (read every frame, no re-render);
// the heading and accuracy shown on screen are state, a few times a second.
import { useEffect, useRef, useState } from 'react';
import { absoluteAlpha, headingFromOrientation } from '../../../domain/ar-heading';

export type OrientationReading = { alpha: number; beta: number; gamma: number; at: number };

type IosOrientationEvent = DeviceOrientationEvent & { webkitCompassHeading?: number; webkitCompassAccuracy?: number };

const DISPLAY_EVERY_MS = 250;

export type DeviceOrientationState = {
  /** The latest absolute reading (alpha from north), or null before one arrives. */
  reading: React.RefObject<OrientationReading | null>;
  /** Compass heading of the rear camera, degrees, or null (none yet, or the phone lies flat). */
  heading: number | null;
  /** Compass accuracy in degrees when the device reports one (iOS), else null. */
  accuracy: number | null;
  /** True once an absolute reading has arrived. */
  receiving: boolean;
};

/** Asks for motion access where the browser wants it (iOS, inside a tap). False when refused. */
export async function requestOrientationPermission(): Promise<boolean> {
  const ctor = (typeof DeviceOrientationEvent === 'undefined' ? undefined : DeviceOrientationEvent) as
    | (typeof DeviceOrientationEvent & { requestPermission?: () => Promise<'granted' | 'denied'> })
    | undefined;
  if (typeof ctor?.requestPermission !== 'function') return true;
  try {
    return (await ctor.requestPermission()) === 'granted';
  } catch {
    return false;
  }
}

export function useDeviceOrientation(active: boolean): DeviceOrientationState {
  const reading = useRef<OrientationReading | null>(null);
  const [heading, setHeading] = useState<number | null>(null);
  const [accuracy, setAccuracy] = useState<number | null>(null);
  const [receiving, setReceiving] = useState(false);
  useEffect(() => {
    if (!active) return;
    let shownAt = 0;
    let sawAbsoluteEvent = false;
    const take = (alpha: number, beta: number, gamma: number, acc: number | null) => {
      const now = performance.now();
      reading.current = { alpha, beta, gamma, at: now };
      if (now - shownAt >= DISPLAY_EVERY_MS) {
        shownAt = now;
        setHeading(headingFromOrientation(alpha, beta, gamma));
        setAccuracy(acc);
        setReceiving(true);
      }
    };
    const onAbsolute = (e: DeviceOrientationEvent) => {
      if (e.alpha === null || e.beta === null || e.gamma === null) return;
      sawAbsoluteEvent = true;
      take(e.alpha, e.beta, e.gamma, null);
    };
    const onRelative = (event: DeviceOrientationEvent) => {
      const e = event as IosOrientationEvent;
      if (sawAbsoluteEvent || e.alpha === null || e.beta === null || e.gamma === null) return;
      if (e.absolute) {
        take(e.alpha, e.beta, e.gamma, null);
      } else if (typeof e.webkitCompassHeading === 'number' && e.webkitCompassHeading >= 0) {
        const alpha = absoluteAlpha(e.alpha, e.beta, e.gamma, e.webkitCompassHeading);
        const acc = typeof e.webkitCompassAccuracy === 'number' && e.webkitCompassAccuracy >= 0 ? e.webkitCompassAccuracy : null;
        if (alpha !== null) take(alpha, e.beta, e.gamma, acc);
      }
      // A relative reading without a compass cannot place anything: ignored.
    };
    window.addEventListener('deviceorientationabsolute', onAbsolute as EventListener);
    window.addEventListener('deviceorientation', onRelative);
    return () => {
      window.removeEventListener('deviceorientationabsolute', onAbsolute as EventListener);
      window.removeEventListener('deviceorientation', onRelative);
      reading.current = null;
      setReceiving(false);
    };
  }, [active]);
  return { reading, heading, accuracy, receiving };
}
