/**
 * GPS acquisition: the state machine behind every hunter screen's GPS
 * (live-play spec, sections 4, 8 and 9; accounts spec, section 6).
 *
 * Driven by events, it says which Geolocation request should be running
 * (`state.request`) and which notice to show (`state.notice`); the React hook
 * (src/client/features/gps/useGps.ts) runs that request against
 * navigator.geolocation and feeds the answers back. No browser API, no clock.
 *
 * Two flows:
 * - `auto` (Hunter Terminal, starts at once): the cascade ultra-high (5 s, no
 *   cache) -> high (8 s, cache 30 s) -> standard (12 s, cache 60 s). When the
 *   last step times out, it retries with low accuracy (enableHighAccuracy off,
 *   60 s, then 30 s: the terminal's timeouts). If everything fails the error is
 *   reported.
 * - `button` (Field Operations' 'Enable GPS'): one request of 10 s.
 * Either way, the first fix starts the watch (3 s timeout, 0.1 s max age).
 * Permission denied stops everything at once. After another failure a watch
 * keeps listening, so a fix that arrives later (the hunter walked out of the
 * building) recovers without a tap. Watch errors after a good fix keep the
 * last position and only mark the signal as lost.
 */
import {
  GPS_BUTTON_MAX_AGE_MS,
  GPS_BUTTON_TIMEOUT_MS,
  GPS_CASCADE,
  GPS_DENIED_NOTICE_MS,
  GPS_LOW_ACCURACY_MAX_AGE_MS,
  GPS_TERMINAL_TIMEOUTS_MS,
  GPS_WATCH_MAX_AGE_MS,
  GPS_WATCH_TIMEOUT_MS,
} from './rules';

/** Geolocation API error codes (GeolocationPositionError). */
export const GEO_PERMISSION_DENIED = 1;
export const GEO_POSITION_UNAVAILABLE = 2;
export const GEO_TIMEOUT = 3;

export type AcquisitionFlow = 'auto' | 'button';
export type AcquisitionStatus = 'idle' | 'unsupported' | 'acquiring' | 'watching' | 'denied' | 'error';
export type GpsErrorKind = 'unsupported' | 'denied' | 'unavailable' | 'timeout';
/** Which request is running: a cascade step, the terminal's low-accuracy retries, the button's, or the watch. */
export type GpsStage = 'ultra_high' | 'high' | 'standard' | 'low_accuracy' | 'button' | 'watch';

/** PositionOptions of the Geolocation API. */
export interface GeoRequestOptions {
  readonly enableHighAccuracy: boolean;
  readonly timeout: number;
  readonly maximumAge: number;
}

export interface GpsRequest {
  /** New for every request: answers to an older one are ignored. */
  readonly id: number;
  /** getCurrentPosition ('once') or watchPosition ('watch'). */
  readonly kind: 'once' | 'watch';
  readonly stage: GpsStage;
  readonly options: GeoRequestOptions;
}

export interface GpsError {
  readonly kind: GpsErrorKind;
  readonly title: string;
  readonly message: string;
  /** The same instruction in one short sentence, for the terminal's docked notice (decision 913). */
  readonly short: string;
}

/** A toast to show once (the hook shows it when `id` changes). */
export interface GpsNotice {
  readonly id: number;
  readonly title: string;
  readonly description: string;
  readonly variant: 'default' | 'destructive';
  /** Undefined: the default toast duration. */
  readonly durationMs?: number;
}

export interface AcquisitionState {
  readonly status: AcquisitionStatus;
  readonly flow: AcquisitionFlow;
  readonly request: GpsRequest | null;
  readonly error: GpsError | null;
  /** True once any fix arrived since the last start (the position is then held through watch errors). */
  readonly hasFix: boolean;
  /** True after a watch error while a position is held, until the next fix. */
  readonly signalLost: boolean;
  readonly notice: GpsNotice | null;
  /** Index of the running once-request in {@link onceRequestsOf} (the low-accuracy retries share a stage). */
  readonly step: number;
  /** Counter behind request and notice ids. */
  readonly seq: number;
}

export type AcquisitionEvent =
  | { readonly type: 'start'; readonly flow: AcquisitionFlow; readonly supported: boolean }
  | { readonly type: 'retry'; readonly supported: boolean }
  | { readonly type: 'stop' }
  /** A fix answered `requestId`; `accuracy` (metres) is the position shown, for the success notice. */
  | { readonly type: 'fix'; readonly requestId: number; readonly accuracy: number }
  | { readonly type: 'error'; readonly requestId: number; readonly code: number };

export const initialAcquisitionState: AcquisitionState = {
  status: 'idle',
  flow: 'auto',
  request: null,
  error: null,
  hasFix: false,
  signalLost: false,
  notice: null,
  step: 0,
  seq: 0,
};

/** The spec's GPS errors (live-play section 8; the button's denial carries the accounts spec's alert). */
export function gpsError(kind: GpsErrorKind, flow: AcquisitionFlow): GpsError {
  switch (kind) {
    case 'unsupported':
      return {
        kind,
        title: 'GPS Not Available',
        message: 'Your device does not support GPS tracking, which is required for hunting.',
        short: 'This device cannot track GPS, which hunting requires.',
      };
    case 'denied':
      return flow === 'button'
        ? {
            kind,
            title: 'GPS Permission Required',
            message: 'GPS access is required for hunting. Please enable location in your browser settings and reload.',
            short: 'GPS is required for hunting: enable location in your browser settings and reload.',
          }
        : {
            kind,
            title: 'Location Access Required',
            message:
              'GPS access is required for hunting. Please enable location access in your browser settings and refresh the page.',
            short: 'GPS is required for hunting: enable location in your browser settings and refresh.',
          };
    case 'unavailable':
      return {
        kind,
        title: flow === 'button' ? 'GPS Unavailable' : 'GPS Signal Unavailable',
        message: 'No GPS signal could be found. Move to an open area with a clear view of the sky and try again.',
        short: 'No GPS signal: move to open sky and try again.',
      };
    case 'timeout':
      return {
        kind,
        title: 'GPS Timeout',
        message: 'Finding your location took too long. Move to an open area and try again.',
        short: 'Finding your location took too long: move to open sky and try again.',
      };
  }
}

/** The Geolocation error code's kind; an unknown code counts as 'unavailable'. */
export function errorKindOf(code: number): Exclude<GpsErrorKind, 'unsupported'> {
  if (code === GEO_PERMISSION_DENIED) return 'denied';
  if (code === GEO_TIMEOUT) return 'timeout';
  return 'unavailable';
}

const CASCADE: readonly { stage: GpsStage; options: GeoRequestOptions }[] = GPS_CASCADE.map((step) => ({
  stage: step.mode,
  options: { enableHighAccuracy: true, timeout: step.timeoutMs, maximumAge: step.maximumAgeMs },
}));

const LOW_ACCURACY: readonly GeoRequestOptions[] = GPS_TERMINAL_TIMEOUTS_MS.map((timeout) => ({
  enableHighAccuracy: false,
  timeout,
  maximumAge: GPS_LOW_ACCURACY_MAX_AGE_MS,
}));

export const BUTTON_OPTIONS: GeoRequestOptions = {
  enableHighAccuracy: true,
  timeout: GPS_BUTTON_TIMEOUT_MS,
  maximumAge: GPS_BUTTON_MAX_AGE_MS,
};

export const WATCH_OPTIONS: GeoRequestOptions = {
  enableHighAccuracy: true,
  timeout: GPS_WATCH_TIMEOUT_MS,
  maximumAge: GPS_WATCH_MAX_AGE_MS,
};

/**
 * The ordered once-requests of a flow: the cascade then the low-accuracy
 * retries (auto), or the single button request.
 */
export function onceRequestsOf(flow: AcquisitionFlow): readonly { stage: GpsStage; options: GeoRequestOptions }[] {
  if (flow === 'button') return [{ stage: 'button', options: BUTTON_OPTIONS }];
  return [...CASCADE, ...LOW_ACCURACY.map((options) => ({ stage: 'low_accuracy' as const, options }))];
}

function withRequest(state: AcquisitionState, kind: 'once' | 'watch', stage: GpsStage, options: GeoRequestOptions, step = 0) {
  const seq = state.seq + 1;
  const request: GpsRequest = { id: seq, kind, stage, options };
  return { seq, request, step };
}

function withNotice(state: AcquisitionState, notice: Omit<GpsNotice, 'id'>): AcquisitionState {
  const seq = state.seq + 1;
  return { ...state, seq, notice: { ...notice, id: seq } };
}

function start(state: AcquisitionState, flow: AcquisitionFlow, supported: boolean): AcquisitionState {
  if (!supported) {
    const error = gpsError('unsupported', flow);
    return withNotice(
      { ...state, status: 'unsupported', flow, request: null, error, signalLost: false },
      { title: error.title, description: error.message, variant: 'destructive' },
    );
  }
  const first = onceRequestsOf(flow)[0]!;
  const next = withRequest(state, 'once', first.stage, first.options, 0);
  return { ...state, ...next, status: 'acquiring', flow, error: null, signalLost: false };
}

/** Every request has failed (not denied): report it, and keep a watch listening for a late fix. */
function fail(state: AcquisitionState, code: number): AcquisitionState {
  const error = gpsError(errorKindOf(code), state.flow);
  const next = withRequest(state, 'watch', 'watch', WATCH_OPTIONS);
  return withNotice(
    { ...state, ...next, status: 'error', error },
    { title: error.title, description: error.message, variant: 'destructive' },
  );
}

function deny(state: AcquisitionState): AcquisitionState {
  const error = gpsError('denied', state.flow);
  return withNotice(
    { ...state, status: 'denied', request: null, error, signalLost: false },
    {
      title: error.title,
      description: error.message,
      variant: 'destructive',
      // 'Location Access Required' stays 10 s (spec, section 8).
      durationMs: state.flow === 'auto' ? GPS_DENIED_NOTICE_MS : undefined,
    },
  );
}

function onFix(state: AcquisitionState, accuracy: number): AcquisitionState {
  const request = state.request!;
  const firstOfRun = request.kind === 'once' || state.status === 'error';
  const base: AcquisitionState = { ...state, status: 'watching', error: null, hasFix: true, signalLost: false };
  if (request.kind === 'watch') {
    if (!firstOfRun) return base;
    return withNotice(base, successNotice(state.flow, accuracy));
  }
  const next = withRequest(base, 'watch', 'watch', WATCH_OPTIONS);
  return withNotice({ ...base, ...next }, successNotice(state.flow, accuracy));
}

/** 'GPS Enabled' after the button, 'GPS Active' when the terminal finds the hunter (both with accuracy in metres). */
function successNotice(flow: AcquisitionFlow, accuracy: number): Omit<GpsNotice, 'id'> {
  return {
    title: flow === 'button' ? 'GPS Enabled' : 'GPS Active',
    description: `Accuracy: ${formatAccuracy(accuracy)}`,
    variant: 'default',
  };
}

const M_PER_KM = 1000;
const KM_DISPLAY_FROM_M = 10_000;

/** Accuracy for people: whole metres, at least 1 m; kilometres from 10 km (coarse network guesses). */
export function formatAccuracy(accuracyM: number): string {
  if (!Number.isFinite(accuracyM)) return '? m';
  const m = Math.max(1, Math.round(accuracyM));
  return m >= KM_DISPLAY_FROM_M ? `${Math.round(m / M_PER_KM)} km` : `${m} m`;
}

function onError(state: AcquisitionState, code: number): AcquisitionState {
  const request = state.request!;
  if (code === GEO_PERMISSION_DENIED) return deny(state);
  if (request.kind === 'watch') {
    // A held position survives a weak or late signal; with none (recovery watch) keep the reported error.
    return state.hasFix && state.status === 'watching' ? { ...state, signalLost: true } : state;
  }
  const steps = onceRequestsOf(state.flow);
  const nextStep = state.step + 1;
  const next = steps[nextStep];
  // The cascade moves on after any failure; the low-accuracy retries follow only a timeout.
  const cascadeLeft = next !== undefined && (next.stage !== 'low_accuracy' || code === GEO_TIMEOUT);
  if (!cascadeLeft) return fail(state, code);
  return { ...state, ...withRequest(state, 'once', next.stage, next.options, nextStep) };
}

/** The transition function: pure, returns the same object for an ignored event. */
export function acquisitionReducer(state: AcquisitionState, event: AcquisitionEvent): AcquisitionState {
  switch (event.type) {
    case 'start':
      return start(state, event.flow, event.supported);
    case 'retry':
      return start(state, state.flow, event.supported);
    case 'stop':
      return { ...initialAcquisitionState, seq: state.seq };
    case 'fix':
      if (state.request?.id !== event.requestId) return state;
      return onFix(state, event.accuracy);
    case 'error':
      if (state.request?.id !== event.requestId) return state;
      return onError(state, event.code);
  }
}
