// The hunter's GPS: the acquisition state machine (src/domain/gps-acquisition.ts)
// run against navigator.geolocation, every fix through ONE fusion filter
// (src/domain/gps.ts), and throttled position reports to the server.
// Call it once per page and pass the result down: one watch per page.
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { createGpsFusion, type FusedPosition, type GpsFilter, type PrecisionTier } from '../../../domain/gps';
import {
  type AcquisitionStatus,
  acquisitionReducer,
  type GpsError,
  type GpsRequest,
  type GpsStage,
  initialAcquisitionState,
} from '../../../domain/gps-acquisition';
import { type HeadingState, initialHeadingState, nextHeading } from '../../../domain/gps-heading';
import { notify } from '../../lib/notify';
import { usePositionReports } from './usePositionReports';

export type { FusedPosition, PrecisionTier } from '../../../domain/gps';
export type { GpsError } from '../../../domain/gps-acquisition';

export type UseGpsOptions = {
  /** Start acquiring at once (the terminal) or only after Enable GPS (Field Operations passes false until then). */
  enabled: boolean;
  /** Report the fused position to this session (comms.reportPosition); null or absent: do not report. */
  reportToSessionId?: number | null;
};

export type Gps = {
  status: AcquisitionStatus;
  /** The fused position, held through watch errors; null before the first fix. */
  position: FusedPosition | null;
  /** Metres (the fusion's estimate), or null. */
  accuracy: number | null;
  tier: PrecisionTier | null;
  /** Degrees clockwise from true north: the device's while moving, else from the hunter's own movement. */
  heading: number | null;
  error: GpsError | null;
  /** A watch error since the last fix: the position shown may be behind. */
  signalLost: boolean;
  /** Which request runs now (e.g. 'low_accuracy' while the terminal retries), or null. */
  stage: GpsStage | null;
  retry: () => void;
  /** The Enable GPS button: a 10 s request, 'GPS Enabled' or the error. True once a fix arrived. */
  requestPermission: () => Promise<boolean>;
};

type Reading = { position: FusedPosition; heading: number | null; receivedAt: number };

function geolocation(): Geolocation | null {
  return typeof navigator !== 'undefined' && 'geolocation' in navigator ? navigator.geolocation : null;
}

const SETTLED: readonly AcquisitionStatus[] = ['watching', 'denied', 'error', 'unsupported', 'idle'];

export function useGps({ enabled, reportToSessionId = null }: UseGpsOptions): Gps {
  const [machine, dispatch] = useReducer(acquisitionReducer, initialAcquisitionState);
  const machineRef = useRef(machine);
  machineRef.current = machine;
  const fusionRef = useRef<GpsFilter | null>(null);
  fusionRef.current ??= createGpsFusion();
  const headingRef = useRef<HeadingState>(initialHeadingState);
  const [reading, setReading] = useState<Reading | null>(null);
  const waiters = useRef<((ok: boolean) => void)[]>([]);
  const offerReport = usePositionReports(reportToSessionId, reading);

  // Start when enabled (unless the button flow already runs), stop and forget when disabled.
  useEffect(() => {
    if (enabled) {
      if (machineRef.current.status === 'idle') dispatch({ type: 'start', flow: 'auto', supported: geolocation() !== null });
      return;
    }
    dispatch({ type: 'stop' });
    fusionRef.current?.reset();
    headingRef.current = initialHeadingState;
    setReading(null);
  }, [enabled]);

  // The latest fix handler, read by the request effect without restarting it.
  const onPosition = useRef<(p: GeolocationPosition, request: GpsRequest) => void>(() => {});
  onPosition.current = (p, request) => {
    const fusion = fusionRef.current!;
    const c = p.coords;
    const fused = fusion.push({ lat: c.latitude, lng: c.longitude, accuracy: c.accuracy, timestamp: p.timestamp });
    if (fused !== null) {
      headingRef.current = nextHeading(headingRef.current, { position: fused, deviceHeading: c.heading, speed: c.speed });
      const next = { position: fused, heading: headingRef.current.heading, receivedAt: Date.now() };
      setReading(next);
      offerReport(next.position, next.receivedAt);
    }
    // A rejected fix still proves the receiver works; the notice shows the position the hunter sees.
    const shown = fused ?? fusion.current();
    dispatch({ type: 'fix', requestId: request.id, accuracy: shown?.accuracy ?? c.accuracy });
  };

  // Run exactly the request the machine asks for; its cleanup clears the watch (unmount, StrictMode, next request).
  const request = machine.request;
  useEffect(() => {
    const geo = geolocation();
    if (request === null || geo === null) return;
    let live = true;
    const success = (p: GeolocationPosition) => {
      if (live) onPosition.current(p, request);
    };
    const failure = (e: GeolocationPositionError) => {
      if (live) dispatch({ type: 'error', requestId: request.id, code: e.code });
    };
    if (request.kind === 'once') {
      geo.getCurrentPosition(success, failure, request.options);
      return () => {
        live = false;
      };
    }
    const watchId = geo.watchPosition(success, failure, request.options);
    return () => {
      live = false;
      geo.clearWatch(watchId);
    };
  }, [request]);

  // The spec's notices, each once.
  const shownNotice = useRef(0);
  useEffect(() => {
    const n = machine.notice;
    if (n === null || n.id === shownNotice.current) return;
    shownNotice.current = n.id;
    notify({ title: n.title, description: n.description, variant: n.variant, durationMs: n.durationMs });
  }, [machine.notice]);

  // requestPermission's promises settle when the machine does.
  useEffect(() => {
    if (!SETTLED.includes(machine.status) || waiters.current.length === 0) return;
    const ok = machine.status === 'watching';
    for (const resolve of waiters.current.splice(0)) resolve(ok);
  }, [machine.status]);

  const retry = useCallback(() => dispatch({ type: 'retry', supported: geolocation() !== null }), []);

  const requestPermission = useCallback((): Promise<boolean> => {
    // Already watching: the one watch stays, nothing to ask.
    if (machineRef.current.status === 'watching') return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      waiters.current.push(resolve);
      dispatch({ type: 'start', flow: 'button', supported: geolocation() !== null });
    });
  }, []);

  const position = reading?.position ?? null;
  const heading = reading?.heading ?? null;
  const stage = machine.request?.stage ?? null;
  // The same object until something in it changes, so memoised screens (the terminal's header) skip a render.
  return useMemo(
    () => ({
      status: machine.status,
      position,
      accuracy: position?.accuracy ?? null,
      tier: position?.precision ?? null,
      heading,
      error: machine.error,
      signalLost: machine.signalLost,
      stage,
      retry,
      requestPermission,
    }),
    [machine.status, position, heading, machine.error, machine.signalLost, stage, retry, requestPermission],
  );
}
