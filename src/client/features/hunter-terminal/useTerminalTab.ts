// The terminal's current tab survives a reload (sessionStorage, per session): a
// reload mid-hunt returns to where the hunter was, not to Brief. The AR camera
// cannot restart by itself (browsers want a tap), so a reload on AR Hunt says so.
import { useCallback, useState } from 'react';
import { TERMINAL_TAB_STORAGE_KEY } from '../../../domain/rules';
import { isTerminalTab, type TerminalTab } from './terminalTabs';

const keyOf = (sessionId: number) => `${TERMINAL_TAB_STORAGE_KEY}:${sessionId}`;

function readTab(sessionId: number): TerminalTab | null {
  try {
    const stored = window.sessionStorage.getItem(keyOf(sessionId));
    return isTerminalTab(stored) ? stored : null;
  } catch {
    return null;
  }
}

export function useTerminalTab(sessionId: number) {
  const [restored] = useState(() => readTab(sessionId));
  const [tab, setTabState] = useState<TerminalTab>(restored ?? 'brief');
  const setTab = useCallback(
    (next: TerminalTab) => {
      setTabState(next);
      try {
        window.sessionStorage.setItem(keyOf(sessionId), next);
      } catch {
        // Storage blocked: the tab still changes, it just is not remembered.
      }
    },
    [sessionId],
  );
  /** True when the page opened on AR Hunt from a reload: the camera needs a tap to restart. */
  const arRestored = restored === 'ar';
  return { tab, setTab, arRestored };
}
