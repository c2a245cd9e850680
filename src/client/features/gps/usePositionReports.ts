// Sends the fused position to the session (comms.reportPosition) at the pace of
// src/domain/position-reporting.ts: on each accepted fix, plus a heartbeat so a
// hunter who stands still stays fresh for observations. Quiet by design: a
// position is not worth a toast. A 401 is left to the QueryClient's global
// handler; 403/404/409 (not a hunter here, no such session, session ended) stop
// reporting for this session; anything else is retried at the next turn.
import { useCallback, useEffect, useRef } from 'react';
import type { FusedPosition } from '../../../domain/gps';
import { reportBody, reportReason, type SentReport } from '../../../domain/position-reporting';
import { POSITION_REPORT_MIN_INTERVAL_MS } from '../../../domain/rules';
import { errorStatus } from '../../lib/errors';
import { trpc } from '../../trpc';

const STOP_STATUSES = new Set([403, 404, 409]);

type Held = { position: FusedPosition; receivedAt: number } | null;

/** Returns `offer(position, receivedAt)`, to call with every position the fusion accepted. */
export function usePositionReports(sessionId: number | null, held: Held) {
  const { mutateAsync } = trpc.comms.reportPosition.useMutation();
  const state = useRef<{ last: SentReport | null; inFlight: boolean; stopped: boolean }>({
    last: null,
    inFlight: false,
    stopped: false,
  });

  // A new session starts afresh.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the session id is the trigger
  useEffect(() => {
    state.current = { last: null, inFlight: false, stopped: false };
  }, [sessionId]);

  const offer = useCallback(
    (position: FusedPosition, receivedAt: number) => {
      const s = state.current;
      if (sessionId === null || s.stopped || s.inFlight) return;
      const now = Date.now();
      if (reportReason(s.last, { position, receivedAt }, now) === null) return;
      s.inFlight = true;
      // Counted as sent when tried: a failing network is retried at the heartbeat's pace, not on every fix.
      s.last = { position, sentAt: now };
      mutateAsync({ id: sessionId, ...reportBody(position) })
        .catch((error: unknown) => {
          const status = errorStatus(error);
          if (status !== undefined && STOP_STATUSES.has(status) && state.current === s) s.stopped = true;
        })
        .finally(() => {
          s.inFlight = false;
        });
    },
    [sessionId, mutateAsync],
  );

  // Heartbeat: re-offer the held position every second; reportReason decides (3 s pace, never a stale fix).
  const heldRef = useRef(held);
  heldRef.current = held;
  useEffect(() => {
    if (sessionId === null) return;
    const timer = window.setInterval(() => {
      const h = heldRef.current;
      if (h !== null) offer(h.position, h.receivedAt);
    }, POSITION_REPORT_MIN_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [sessionId, offer]);

  return offer;
}
