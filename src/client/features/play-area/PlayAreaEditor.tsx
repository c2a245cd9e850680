// The play-area drawing tools inside HQ's map, on leaflet-geoman (decision 810). Loaded only
// through LazyPlayAreaEditor, so geoman and its CSS reach HQ's map and no other page.
// Draw: click the corners, then the first corner again to close. Edit: drag corners (or the
// middle handles to add one), then Save in the panel.
import type {} from '@geoman-io/leaflet-geoman-free';
import L from 'leaflet';
import { useEffect, useState } from 'react';
import { useMap } from 'react-leaflet';
import { notify } from '../../lib/notify';
import type { LatLngPoint } from '../map/types';
import type { PlayAreaTools } from './usePlayAreaTools';

let loading: Promise<void> | null = null;

/** geoman's bundle extends the global `L`: it must be set before the bundle runs. */
function loadGeoman(): Promise<void> {
  loading ??= (async () => {
    const global = globalThis as { L?: typeof L };
    global.L ??= L;
    await import('@geoman-io/leaflet-geoman-free');
    await import('@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css');
  })();
  return loading;
}

const AREA_STYLE: L.PathOptions = { color: '#1864ab', weight: 3, dashArray: '8 6', fillOpacity: 0.08 };
const ZONE_STYLE: L.PathOptions = { color: '#c92a2a', weight: 2, fillColor: '#fa5252', fillOpacity: 0.3 };

const ringOf = (layer: L.Polygon): LatLngPoint[] =>
  ((layer.getLatLngs()[0] ?? []) as L.LatLng[]).map((p) => ({ lat: p.lat, lng: p.lng }));

export default function PlayAreaEditor({ tools }: { tools: PlayAreaTools }) {
  const map = useMap();
  const [ready, setReady] = useState(false);
  const { tool, onDrawn, collect, shape } = tools;

  useEffect(() => {
    let live = true;
    loadGeoman()
      .then(() => {
        if (!live) return;
        // The map was made before geoman arrived: give it what geoman's init hook gives new maps.
        const pmMap = map as { pm?: L.PM.PMMap };
        if (!pmMap.pm) pmMap.pm = new (L as unknown as { PM: { Map: new (m: L.Map) => L.PM.PMMap } }).PM.Map(map);
        setReady(true);
      })
      .catch(() => notify({ title: 'Drawing tools unavailable', description: 'Check the connection and reload the page.', variant: 'destructive' }));
    return () => {
      live = false;
    };
  }, [map]);

  useEffect(() => {
    if (!ready || (tool !== 'area' && tool !== 'zone')) return;
    const style = tool === 'area' ? AREA_STYLE : ZONE_STYLE;
    map.pm.enableDraw('Polygon', {
      allowSelfIntersection: false,
      snappable: true,
      templineStyle: { color: style.color },
      hintlineStyle: { color: style.color, dashArray: [5, 5] },
      pathOptions: style,
    });
    const created = (e: { layer: L.Layer }) => {
      const ring = ringOf(e.layer as L.Polygon);
      e.layer.remove(); // the saved shape comes back from the server and is drawn by the map
      onDrawn(ring);
    };
    map.on('pm:create', created);
    return () => {
      map.off('pm:create', created);
      map.pm.disableDraw();
    };
  }, [ready, tool, map, onDrawn]);

  useEffect(() => {
    if (!ready || tool !== 'edit' || !shape?.area) return;
    const area = L.polygon(shape.area, AREA_STYLE).addTo(map);
    const zones = shape.zones.map((z) => L.polygon(z, ZONE_STYLE).addTo(map));
    for (const layer of [area, ...zones]) layer.pm.enable({ allowSelfIntersection: false, snappable: true });
    collect.current = () => ({ area: ringOf(area), zones: zones.map(ringOf) });
    return () => {
      collect.current = null;
      for (const layer of [area, ...zones]) {
        layer.pm.disable();
        layer.remove();
      }
    };
  }, [ready, tool, map, shape, collect]);

  return null;
}
