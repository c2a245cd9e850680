import { describe, expect, it } from 'vitest';
import {
  type AcquisitionEvent,
  type AcquisitionFlow,
  type AcquisitionState,
  acquisitionReducer,
  BUTTON_OPTIONS,
  errorKindOf,
  formatAccuracy,
  GEO_PERMISSION_DENIED,
  GEO_POSITION_UNAVAILABLE,
  GEO_TIMEOUT,
  type GpsStage,
  gpsError,
  initialAcquisitionState,
  WATCH_OPTIONS,
} from './gps-acquisition';

/**
 * A fake device: it answers each request of the machine in turn from a script,
 * and a fake clock charges a timeout its full duration (what the browser would
 * make the hunter wait). 'fix' answers with a position, a number is an error
 * code, 'timeout' is code 3 after the request's timeout.
 */
type Answer = 'fix' | 'timeout' | typeof GEO_PERMISSION_DENIED | typeof GEO_POSITION_UNAVAILABLE;

interface Run {
  state: AcquisitionState;
  stages: GpsStage[];
  options: { enableHighAccuracy: boolean; timeout: number; maximumAge: number }[];
  elapsedMs: number;
  notices: string[];
}

function run(flow: AcquisitionFlow, answers: Answer[], supported = true): Run {
  let state = acquisitionReducer(initialAcquisitionState, { type: 'start', flow, supported });
  const stages: GpsStage[] = [];
  const options: Run['options'] = [];
  const notices: string[] = [];
  let elapsedMs = 0;
  let lastNotice = 0;
  const collect = () => {
    if (state.notice && state.notice.id !== lastNotice) {
      lastNotice = state.notice.id;
      notices.push(state.notice.title);
    }
  };
  collect();
  for (const answer of answers) {
    const request = state.request;
    if (request === null) throw new Error(`no request running for answer ${answer}`);
    stages.push(request.stage);
    options.push({ ...request.options });
    let event: AcquisitionEvent;
    if (answer === 'fix') {
      elapsedMs += 1000;
      event = { type: 'fix', requestId: request.id, accuracy: 12 };
    } else if (answer === 'timeout') {
      elapsedMs += request.options.timeout;
      event = { type: 'error', requestId: request.id, code: GEO_TIMEOUT };
    } else {
      elapsedMs += 100;
      event = { type: 'error', requestId: request.id, code: answer };
    }
    state = acquisitionReducer(state, event);
    collect();
  }
  return { state, stages, options, elapsedMs, notices };
}

describe('acquisition: the terminal (auto) flow', () => {
  const cases: {
    name: string;
    answers: Answer[];
    stages: GpsStage[];
    status: AcquisitionState['status'];
    errorTitle: string | null;
    nextRequest: GpsStage | null;
    notices: string[];
  }[] = [
    {
      name: 'ultra-high answers at once',
      answers: ['fix'],
      stages: ['ultra_high'],
      status: 'watching',
      errorTitle: null,
      nextRequest: 'watch',
      notices: ['GPS Active'],
    },
    {
      name: 'ultra-high times out, high answers',
      answers: ['timeout', 'fix'],
      stages: ['ultra_high', 'high'],
      status: 'watching',
      errorTitle: null,
      nextRequest: 'watch',
      notices: ['GPS Active'],
    },
    {
      name: 'unavailable twice, standard answers',
      answers: [GEO_POSITION_UNAVAILABLE, GEO_POSITION_UNAVAILABLE, 'fix'],
      stages: ['ultra_high', 'high', 'standard'],
      status: 'watching',
      errorTitle: null,
      nextRequest: 'watch',
      notices: ['GPS Active'],
    },
    {
      name: 'the whole cascade unavailable: GPS Signal Unavailable, no low-accuracy retry',
      answers: [GEO_POSITION_UNAVAILABLE, GEO_POSITION_UNAVAILABLE, GEO_POSITION_UNAVAILABLE],
      stages: ['ultra_high', 'high', 'standard'],
      status: 'error',
      errorTitle: 'GPS Signal Unavailable',
      nextRequest: 'watch',
      notices: ['GPS Signal Unavailable'],
    },
    {
      name: 'cascade times out: low accuracy answers',
      answers: ['timeout', 'timeout', 'timeout', 'fix'],
      stages: ['ultra_high', 'high', 'standard', 'low_accuracy'],
      status: 'watching',
      errorTitle: null,
      nextRequest: 'watch',
      notices: ['GPS Active'],
    },
    {
      name: 'everything times out: GPS Timeout after both low-accuracy retries',
      answers: ['timeout', 'timeout', 'timeout', 'timeout', 'timeout'],
      stages: ['ultra_high', 'high', 'standard', 'low_accuracy', 'low_accuracy'],
      status: 'error',
      errorTitle: 'GPS Timeout',
      nextRequest: 'watch',
      notices: ['GPS Timeout'],
    },
    {
      name: 'low accuracy unavailable after the first retry: GPS Signal Unavailable',
      answers: ['timeout', 'timeout', 'timeout', GEO_POSITION_UNAVAILABLE],
      stages: ['ultra_high', 'high', 'standard', 'low_accuracy'],
      status: 'error',
      errorTitle: 'GPS Signal Unavailable',
      nextRequest: 'watch',
      notices: ['GPS Signal Unavailable'],
    },
    {
      name: 'denied at once: Location Access Required, nothing else runs',
      answers: [GEO_PERMISSION_DENIED],
      stages: ['ultra_high'],
      status: 'denied',
      errorTitle: 'Location Access Required',
      nextRequest: null,
      notices: ['Location Access Required'],
    },
    {
      name: 'denied in the middle of the cascade',
      answers: ['timeout', GEO_PERMISSION_DENIED],
      stages: ['ultra_high', 'high'],
      status: 'denied',
      errorTitle: 'Location Access Required',
      nextRequest: null,
      notices: ['Location Access Required'],
    },
    {
      name: 'denied during the low-accuracy retry',
      answers: ['timeout', 'timeout', 'timeout', GEO_PERMISSION_DENIED],
      stages: ['ultra_high', 'high', 'standard', 'low_accuracy'],
      status: 'denied',
      errorTitle: 'Location Access Required',
      nextRequest: null,
      notices: ['Location Access Required'],
    },
  ];
  it.each(cases)('$name', ({ answers, stages, status, errorTitle, nextRequest, notices }) => {
    const r = run('auto', answers);
    expect(r.stages).toEqual(stages);
    expect(r.state.status).toBe(status);
    expect(r.state.error?.title ?? null).toBe(errorTitle);
    expect(r.state.request?.stage ?? null).toBe(nextRequest);
    expect(r.notices).toEqual(notices);
  });

  it('uses the spec options: 5 s no cache, 8 s cache 30 s, 12 s cache 60 s, then low accuracy 60 s and 30 s', () => {
    const r = run('auto', ['timeout', 'timeout', 'timeout', 'timeout', 'timeout']);
    expect(r.options).toEqual([
      { enableHighAccuracy: true, timeout: 5000, maximumAge: 0 },
      { enableHighAccuracy: true, timeout: 8000, maximumAge: 30_000 },
      { enableHighAccuracy: true, timeout: 12_000, maximumAge: 60_000 },
      { enableHighAccuracy: false, timeout: 60_000, maximumAge: 60_000 },
      { enableHighAccuracy: false, timeout: 30_000, maximumAge: 60_000 },
    ]);
    // The hunter waits 5 + 8 + 12 + 60 + 30 s before the timeout is reported.
    expect(r.elapsedMs).toBe(115_000);
  });

  it('watches with a 3 s timeout and 0.1 s maximum age, high accuracy', () => {
    const r = run('auto', ['fix']);
    expect(r.state.request).toMatchObject({ kind: 'watch', options: WATCH_OPTIONS });
    expect(WATCH_OPTIONS).toEqual({ enableHighAccuracy: true, timeout: 3000, maximumAge: 100 });
  });

  it('reports the accuracy in the success notice', () => {
    const r = run('auto', ['fix']);
    expect(r.state.notice).toMatchObject({ title: 'GPS Active', description: 'Accuracy: 12 m', variant: 'default' });
  });

  it("shows 'Location Access Required' for 10 s with the spec's text", () => {
    const r = run('auto', [GEO_PERMISSION_DENIED]);
    expect(r.state.notice).toMatchObject({ title: 'Location Access Required', variant: 'destructive', durationMs: 10_000 });
    expect(r.state.error?.message).toMatch(/enable location access in your browser settings and refresh/);
  });
});

describe('acquisition: the Enable GPS button flow', () => {
  const cases: { name: string; answers: Answer[]; status: AcquisitionState['status']; title: string | null; notices: string[] }[] = [
    { name: 'a fix: GPS Enabled', answers: ['fix'], status: 'watching', title: null, notices: ['GPS Enabled'] },
    {
      name: 'denied: GPS Permission Required with the alert text',
      answers: [GEO_PERMISSION_DENIED],
      status: 'denied',
      title: 'GPS Permission Required',
      notices: ['GPS Permission Required'],
    },
    {
      name: 'unavailable: GPS Unavailable',
      answers: [GEO_POSITION_UNAVAILABLE],
      status: 'error',
      title: 'GPS Unavailable',
      notices: ['GPS Unavailable'],
    },
    { name: 'timeout: GPS Timeout, no low-accuracy retry', answers: ['timeout'], status: 'error', title: 'GPS Timeout', notices: ['GPS Timeout'] },
  ];
  it.each(cases)('$name', ({ answers, status, title, notices }) => {
    const r = run('button', answers);
    expect(r.stages).toEqual(['button']);
    expect(r.options[0]).toEqual(BUTTON_OPTIONS);
    expect(r.state.status).toBe(status);
    expect(r.state.error?.title ?? null).toBe(title);
    expect(r.notices).toEqual(notices);
  });

  it('asks for a fresh high-accuracy fix within 10 s', () => {
    expect(BUTTON_OPTIONS).toEqual({ enableHighAccuracy: true, timeout: 10_000, maximumAge: 0 });
  });

  it("the denial carries the accounts spec's alert: GPS access is required for hunting", () => {
    const r = run('button', [GEO_PERMISSION_DENIED]);
    expect(r.state.error?.message).toBe(
      'GPS access is required for hunting. Please enable location in your browser settings and reload.',
    );
  });
});

describe('acquisition: no geolocation', () => {
  it.each<AcquisitionFlow>(['auto', 'button'])('%s flow: GPS Not Available and no request', (flow) => {
    const r = run(flow, [], false);
    expect(r.state.status).toBe('unsupported');
    expect(r.state.request).toBeNull();
    expect(r.state.error).toMatchObject({ kind: 'unsupported', title: 'GPS Not Available' });
    expect(r.state.error?.message).toMatch(/does not support GPS tracking, which is required for hunting/);
    expect(r.notices).toEqual(['GPS Not Available']);
  });
});

describe('acquisition: watching', () => {
  const watching = () => run('auto', ['fix']).state;
  const watchEvent = (s: AcquisitionState, e: { fix: true } | { code: number }): AcquisitionState =>
    acquisitionReducer(
      s,
      'fix' in e
        ? { type: 'fix', requestId: s.request!.id, accuracy: 4 }
        : { type: 'error', requestId: s.request!.id, code: e.code },
    );

  it.each([GEO_TIMEOUT, GEO_POSITION_UNAVAILABLE])('a watch error %i after a good fix keeps the position and the watch', (code) => {
    const before = watching();
    const after = watchEvent(before, { code });
    expect(after.status).toBe('watching');
    expect(after.hasFix).toBe(true);
    expect(after.signalLost).toBe(true);
    expect(after.error).toBeNull();
    expect(after.request).toBe(before.request);
    // No toast for a weak signal: the status readout says it.
    expect(after.notice).toBe(before.notice);
  });

  it('the next watch fix clears the lost signal, silently', () => {
    const lost = watchEvent(watching(), { code: GEO_TIMEOUT });
    const back = watchEvent(lost, { fix: true });
    expect(back.signalLost).toBe(false);
    expect(back.status).toBe('watching');
    expect(back.notice).toBe(lost.notice);
  });

  it('permission revoked while watching: denied, the watch stops', () => {
    const after = watchEvent(watching(), { code: GEO_PERMISSION_DENIED });
    expect(after.status).toBe('denied');
    expect(after.request).toBeNull();
    expect(after.error?.title).toBe('Location Access Required');
  });

  it('after a failure a watch keeps listening and a late fix recovers, with GPS Active', () => {
    const failed = run('auto', [GEO_POSITION_UNAVAILABLE, GEO_POSITION_UNAVAILABLE, GEO_POSITION_UNAVAILABLE]).state;
    // Watch errors while nothing is held keep the reported error.
    const still = watchEvent(failed, { code: GEO_TIMEOUT });
    expect(still).toBe(failed);
    const recovered = watchEvent(still, { fix: true });
    expect(recovered.status).toBe('watching');
    expect(recovered.error).toBeNull();
    expect(recovered.notice).toMatchObject({ title: 'GPS Active', description: 'Accuracy: 4 m' });
  });
});

describe('acquisition: retry, stop and stale answers', () => {
  it('retry restarts the same flow from the top', () => {
    const failed = run('button', ['timeout']).state;
    const again = acquisitionReducer(failed, { type: 'retry', supported: true });
    expect(again.status).toBe('acquiring');
    expect(again.flow).toBe('button');
    expect(again.error).toBeNull();
    expect(again.request).toMatchObject({ kind: 'once', stage: 'button' });
    expect(again.request!.id).not.toBe(failed.request!.id);
  });

  it('retry after a denial asks again (the browser decides)', () => {
    const denied = run('auto', [GEO_PERMISSION_DENIED]).state;
    const again = acquisitionReducer(denied, { type: 'retry', supported: true });
    expect(again.request).toMatchObject({ stage: 'ultra_high' });
  });

  it('stop returns to idle with no request, and ids keep growing', () => {
    const s = run('auto', ['fix']).state;
    const stopped = acquisitionReducer(s, { type: 'stop' });
    expect(stopped).toMatchObject({ status: 'idle', request: null, error: null, hasFix: false });
    const restarted = acquisitionReducer(stopped, { type: 'start', flow: 'auto', supported: true });
    expect(restarted.request!.id).toBeGreaterThan(s.request!.id);
  });

  it('answers to a request that is no longer running are ignored', () => {
    const first = acquisitionReducer(initialAcquisitionState, { type: 'start', flow: 'auto', supported: true });
    const staleId = first.request!.id;
    const second = acquisitionReducer(first, { type: 'error', requestId: staleId, code: GEO_TIMEOUT });
    expect(acquisitionReducer(second, { type: 'fix', requestId: staleId, accuracy: 3 })).toBe(second);
    expect(acquisitionReducer(second, { type: 'error', requestId: staleId, code: GEO_PERMISSION_DENIED })).toBe(second);
    const stopped = acquisitionReducer(second, { type: 'stop' });
    expect(acquisitionReducer(stopped, { type: 'fix', requestId: second.request!.id, accuracy: 3 })).toBe(stopped);
  });
});

describe('errors and formatting', () => {
  it.each([
    [1, 'denied'],
    [2, 'unavailable'],
    [3, 'timeout'],
    [99, 'unavailable'],
  ] as const)('code %i is %s', (code, kind) => {
    expect(errorKindOf(code)).toBe(kind);
  });

  it.each([
    ['unavailable', 'auto', 'GPS Signal Unavailable'],
    ['unavailable', 'button', 'GPS Unavailable'],
    ['timeout', 'auto', 'GPS Timeout'],
    ['timeout', 'button', 'GPS Timeout'],
    ['denied', 'auto', 'Location Access Required'],
    ['denied', 'button', 'GPS Permission Required'],
    ['unsupported', 'auto', 'GPS Not Available'],
  ] as const)('%s in the %s flow is titled %s', (kind, flow, title) => {
    expect(gpsError(kind, flow).title).toBe(title);
  });

  it.each([
    [12.4, '12 m'],
    [0.3, '1 m'],
    [9999, '9999 m'],
    [25_000, '25 km'],
    [Number.NaN, '? m'],
  ])('formatAccuracy(%d) is %s', (m, text) => {
    expect(formatAccuracy(m)).toBe(text);
  });
});
