// Mission completion (spec, section 4): once the hunter's observed count reaches
// the session's dinosaur count (at least one), 'Mission Complete!' appears at once,
// and after MISSION_COMPLETE_DIALOG_DELAY_MS the completion result is raised. Once
// per session: remembered in local storage, so a reload does not raise it again.
import { useEffect, useRef, useState } from 'react';
import { type CompletionResult, completionResult, isMissionComplete } from '../../../domain/countdown';
import { MISSION_COMPLETE_DIALOG_DELAY_MS } from '../../../domain/rules';
import { notify } from '../../lib/notify';

const storageKey = (sessionId: number) => `dinohunt.missionComplete.${sessionId}`;

function alreadyFired(sessionId: number | null | undefined): boolean {
  if (!sessionId) return false;
  try {
    return localStorage.getItem(storageKey(sessionId)) === '1';
  } catch {
    return false;
  }
}

function remember(sessionId: number | null | undefined) {
  if (!sessionId) return;
  try {
    localStorage.setItem(storageKey(sessionId), '1');
  } catch {
    // Private mode: "once" then holds for this page only.
  }
}

type Pending = { found: number; total: number };

export function useMissionCompletion(
  observed: number | null | undefined,
  total: number | null | undefined,
  { sessionId, delayMs = MISSION_COMPLETE_DIALOG_DELAY_MS }: { sessionId?: number | null; delayMs?: number } = {},
) {
  const [pending, setPending] = useState<Pending | null>(null);
  const [result, setResult] = useState<CompletionResult | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  // Guards the notice within this page even where local storage is unavailable.
  const firedFor = useRef<number | null | undefined>(undefined);
  const complete = isMissionComplete(observed ?? 0, total ?? 0);

  // A new session starts with nothing raised (declared first: it must not undo the effect below).
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on session change only
  useEffect(() => {
    setPending(null);
    setResult(null);
    setDialogOpen(false);
  }, [sessionId]);

  // The transition to complete: the notice at once, the result later.
  // biome-ignore lint/correctness/useExhaustiveDependencies: later count changes must not fire again
  useEffect(() => {
    if (!complete || firedFor.current === sessionId || alreadyFired(sessionId)) return;
    firedFor.current = sessionId;
    remember(sessionId);
    const all = total ?? 0;
    notify({ title: 'Mission Complete!', description: `All ${all} dinosaurs observed.` });
    setPending({ found: observed ?? 0, total: all });
  }, [complete, sessionId]);

  useEffect(() => {
    if (!pending) return;
    const timer = window.setTimeout(() => {
      // The spec's raised result: completed, 100 %, with the counts.
      setResult({
        ...completionResult({ observed: pending.found, total: pending.total }),
        completionStatus: 'completed',
        completionRate: 100,
      });
      setDialogOpen(true);
      setPending(null);
    }, delayMs);
    return () => window.clearTimeout(timer);
  }, [pending, delayMs]);

  return { complete, result, dialogOpen, closeDialog: () => setDialogOpen(false) };
}
