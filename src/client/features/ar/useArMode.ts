// Which mode the AR view is in: the best one the browser can do, falling back one
// step (with the reason shown) when a permission is refused or a sensor is silent.
import { useCallback, useEffect, useState } from 'react';
import { type ArCapabilities, detectArCapabilities } from './capabilities';
import type { ArMode } from './types';

const LADDER: readonly ArMode[] = ['webxr', 'camera', 'viewer'];

function usable(mode: ArMode, caps: ArCapabilities): boolean {
  if (mode === 'webxr') return caps.immersiveAr;
  if (mode === 'camera') return caps.camera && caps.orientation;
  return true;
}

/** The first usable mode at or after `from` on the ladder. */
export function bestMode(caps: ArCapabilities, from: ArMode = 'webxr'): ArMode {
  return LADDER.slice(LADDER.indexOf(from)).find((m) => usable(m, caps)) ?? 'viewer';
}

export type ArModeState = {
  caps: ArCapabilities | null;
  mode: ArMode | null;
  /** Why the view fell back, shown above it; null when nothing failed. */
  notice: string | null;
  /** Leave `from` for the next usable mode, saying why. */
  fallBack: (from: ArMode, reason: string) => void;
};

export function useArMode(): ArModeState {
  const [caps, setCaps] = useState<ArCapabilities | null>(null);
  const [mode, setMode] = useState<ArMode | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    detectArCapabilities().then((c) => {
      if (!live) return;
      setCaps(c);
      setMode(bestMode(c));
    });
    return () => {
      live = false;
    };
  }, []);
  const fallBack = useCallback(
    (from: ArMode, reason: string) => {
      if (!caps) return;
      const next = LADDER[LADDER.indexOf(from) + 1];
      setMode(next ? bestMode(caps, next) : 'viewer');
      setNotice(reason);
    },
    [caps],
  );
  return { caps, mode, notice, fallBack };
}
