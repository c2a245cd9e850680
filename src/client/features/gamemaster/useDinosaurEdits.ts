// Moving (dragging) and removing one dinosaur on the Tactical Overview (decision 816).
// The list refreshes on success; a refused move rejects, so the map puts the marker back.
import { useCallback, useRef } from 'react';
import { notify } from '../../lib/notify';
import { trpc } from '../../trpc';
import type { LatLngPoint, MapDinosaur } from '../map/types';
import { notifyHqFailure, serverReason } from './hqNotices';
import type { HqSession } from './types';

export const DINOSAUR_EDIT_NOTICES = {
  moveFailed: { title: 'Move Failed', description: 'Failed to move dinosaur' },
  removeFailed: { title: 'Removal Failed', description: 'Failed to remove dinosaur' },
  removed: (name: string) => ({ title: 'Dinosaur Removed', description: `${name} was taken off the map.` }),
} as const;

export function useDinosaurEdits(session: HqSession | null, speciesName: (speciesId: number) => string) {
  const utils = trpc.useUtils();
  const move = trpc.deploy.move.useMutation({
    onSuccess: () => utils.places.lastPlayed.invalidate(),
    onSettled: (_data, _error, input) => utils.deploy.list.invalidate({ id: input.id }),
    onError: (error) =>
      notifyHqFailure(error, DINOSAUR_EDIT_NOTICES.moveFailed.title, serverReason(error, DINOSAUR_EDIT_NOTICES.moveFailed.description)),
  });
  const remove = trpc.deploy.remove.useMutation({
    onSettled: (_data, _error, input) => utils.deploy.list.invalidate({ id: input.id }),
    onError: (error) =>
      notifyHqFailure(error, DINOSAUR_EDIT_NOTICES.removeFailed.title, serverReason(error, DINOSAUR_EDIT_NOTICES.removeFailed.description)),
  });

  // Stable functions for the memoised map, reading the latest session.
  const latest = useRef({ session, speciesName, move, remove });
  latest.current = { session, speciesName, move, remove };
  const onMove = useCallback(async (d: MapDinosaur, p: LatLngPoint) => {
    const { session: s, move: m } = latest.current;
    if (!s) throw new Error('No session');
    await m.mutateAsync({ id: s.id, dinosaurId: d.id, latitude: p.lat, longitude: p.lng });
  }, []);
  const onRemove = useCallback((d: MapDinosaur) => {
    const { session: s, remove: r, speciesName: name } = latest.current;
    if (!s) return;
    r.mutate({ id: s.id, dinosaurId: d.id }, { onSuccess: () => notify(DINOSAUR_EDIT_NOTICES.removed(name(d.speciesId))) });
  }, []);
  return { onMove, onRemove };
}
