// HQ's play-area tools: which drawing tool is on (the panel's buttons), what the map's editor
// hands back (a drawn polygon, edited shapes), and the saves. The domain checks a drawing before
// it is sent (same messages as the server, which checks again).
import { type MutableRefObject, useEffect, useMemo, useRef, useState } from 'react';
import { normaliseRing, playAreaProblem, ringWithin } from '../../../domain/play-area';
import { notify } from '../../lib/notify';
import { trpc } from '../../trpc';
import { notifyHqFailure, serverReason } from '../gamemaster/hqNotices';
import type { HqSession } from '../gamemaster/types';
import type { LatLngPoint, MapPlayArea } from '../map/types';
import { usePlayArea } from './usePlayArea';

export type AreaTool = 'none' | 'area' | 'zone' | 'edit';

/** A click that finished a polygon also reaches the map: clicks this soon after a tool ends deploy nothing. */
const CLICK_GUARD_MS = 500;
/** About 10 cm: enough for a field, and a drawing of 250 corners stays far under the body limit. */
const round = (p: LatLngPoint) => ({ lat: Math.round(p.lat * 1e6) / 1e6, lng: Math.round(p.lng * 1e6) / 1e6 });

export type PlayAreaTools = {
  sessionId: number | null;
  tool: AreaTool;
  setTool: (tool: AreaTool) => void;
  /** Before the start or while paused (the server refuses other times). */
  editable: boolean;
  shape: MapPlayArea | null;
  data: ReturnType<typeof usePlayArea>['data'];
  saving: boolean;
  /** The editor's drawn polygon (area or zone, by the tool in use). */
  onDrawn: (ring: LatLngPoint[]) => void;
  /** Set by the editor in edit mode: the shapes as edited. */
  collect: MutableRefObject<(() => MapPlayArea) | null>;
  saveEdits: () => void;
  clear: () => void;
  /** False while a tool is on (or just ended): map clicks then do not deploy. */
  allowMapClick: () => boolean;
};

export function usePlayAreaTools(session: HqSession | null): PlayAreaTools {
  const sessionId = session?.id ?? null;
  const { data, shape } = usePlayArea(sessionId);
  const [tool, setToolState] = useState<AreaTool>('none');
  const toolEndedAt = useRef(0);
  const collect = useRef<(() => MapPlayArea) | null>(null);
  const utils = trpc.useUtils();
  const editable = session?.status === 'preparing' || session?.status === 'paused';

  const setTool = (next: AreaTool) => {
    if (next === 'none') toolEndedAt.current = Date.now();
    setToolState(next);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: a tool never carries over to another session, nor past the start
  useEffect(() => setToolState('none'), [sessionId, editable]);

  const set = trpc.playArea.set.useMutation({
    onSuccess: (answer) => utils.playArea.get.setData({ id: answer.sessionId }, answer),
    onError: (error) => notifyHqFailure(error, 'Play area not saved', serverReason(error, 'Please try again.')),
  });
  const clearMutation = trpc.playArea.clear.useMutation({
    onSuccess: (answer) => {
      utils.playArea.get.setData({ id: answer.sessionId }, answer);
      notify({ title: 'Play area cleared', description: 'Hunters may now roam anywhere.' });
    },
    onError: (error) => notifyHqFailure(error, 'Play area not cleared', serverReason(error, 'Please try again.')),
  });

  const save = (area: LatLngPoint[] | null, zones: LatLngPoint[][], done: { title: string; description: string }) => {
    if (sessionId === null || area === null) return;
    const ring = normaliseRing(area).map(round);
    const rings = zones.map((z) => normaliseRing(z).map(round));
    const problem = playAreaProblem(ring, rings);
    if (problem) {
      notify({ title: 'Play area not saved', description: problem, variant: 'destructive' });
      return;
    }
    set.mutate({ id: sessionId, area: ring, noGoZones: rings }, { onSuccess: () => notify(done) });
  };

  // The editor calls these from Leaflet events: they read the latest state.
  const latest = useRef({ tool, data, save });
  latest.current = { tool, data, save };
  const onDrawn = useMemo(
    () => (ring: LatLngPoint[]) => {
      const { tool: drawing, data: current, save: send } = latest.current;
      toolEndedAt.current = Date.now();
      setToolState('none');
      if (drawing === 'area') {
        // Zones the new line leaves outside go with the old line.
        const zones = (current?.noGoZones ?? []).filter((z) => ringWithin(z, normaliseRing(ring)));
        const dropped = (current?.noGoZones.length ?? 0) - zones.length;
        send(ring, zones, {
          title: 'Play area saved',
          description:
            dropped > 0
              ? `${dropped} no-go ${dropped === 1 ? 'zone' : 'zones'} outside the new area removed. Dinosaurs go inside the area.`
              : 'Dinosaurs can be placed only inside it; hunters see it on their map.',
        });
      } else if (drawing === 'zone' && current?.playArea) {
        send(current.playArea, [...current.noGoZones, ring], { title: 'No-go zone added', description: 'Hunters are warned if they enter it.' });
      }
    },
    [],
  );

  const saving = set.isPending || clearMutation.isPending;
  const saveRef = useRef(save);
  saveRef.current = save;
  const mutateClear = clearMutation.mutate;
  // One object per state, so the memoised map and panels render again only when it changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: setTool reads refs only; save through its ref
  return useMemo<PlayAreaTools>(
    () => ({
      sessionId,
      tool,
      setTool,
      editable,
      shape,
      data,
      saving,
      onDrawn,
      collect,
      saveEdits: () => {
        const edited = collect.current?.();
        setTool('none');
        if (edited?.area) saveRef.current(edited.area, edited.zones, { title: 'Play area saved', description: 'Your changes are saved.' });
      },
      clear: () => {
        setTool('none');
        if (sessionId !== null) mutateClear({ id: sessionId });
      },
      allowMapClick: () => latest.current.tool === 'none' && Date.now() - toolEndedAt.current > CLICK_GUARD_MS,
    }),
    [sessionId, tool, editable, shape, data, saving, onDrawn, mutateClear],
  );
}
