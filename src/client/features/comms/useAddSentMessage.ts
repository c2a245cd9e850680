// A message the server accepted goes into the feed at once, without waiting for
// the live event or the next poll (both may add it again: ids dedupe it).
import { useCallback } from 'react';
import { trpc } from '../../trpc';
import type { CommsMessage } from './types';

export function useAddSentMessage(sessionId: number | null) {
  const utils = trpc.useUtils();
  return useCallback(
    (message: CommsMessage) => {
      if (sessionId === null) return;
      utils.comms.list.setData({ id: sessionId }, (old) => {
        if (!old) return old; // nothing loaded yet: the first fetch will include it
        if (old.some((m) => m.id === message.id)) return old;
        return [...old, message].sort((a, b) => a.id - b.id);
      });
    },
    [utils, sessionId],
  );
}
