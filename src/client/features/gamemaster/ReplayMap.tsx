// The replay's map (issue 26, helper hunts): the play area and no-go zones, the deployed
// dinosaurs, each hunter's path walked so far with a dot where they are, and the observations
// made so far. Loaded lazily with Leaflet (HuntReplay), like the tactical map.
import 'leaflet/dist/leaflet.css';
import { Box } from '@mantine/core';
import type L from 'leaflet';
import { useEffect, useMemo, useState } from 'react';
import { CircleMarker, MapContainer, Polygon, Polyline, TileLayer, Tooltip } from 'react-leaflet';
import { MAX_NATIVE_TILE_ZOOM, MAX_ZOOM, MIN_ZOOM } from '../../../domain/rules';
import { useClientConfig } from '../auth/useClientConfig';
import { pathColour } from './replayColours';
import type { ReplayData, ReplayView } from './replayTypes';

const OSM_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** A point as Leaflet's [lat, lng] pair. */
const ll = (p: { lat: number; lng: number }): [number, number] => [p.lat, p.lng];

type Props = { data: ReplayData; view: ReplayView; height: number | string };

export default function ReplayMap({ data, view, height }: Props) {
  const { mapTileUrl } = useClientConfig();
  const [map, setMap] = useState<L.Map | null>(null);
  const bounds = useMemo(() => {
    const pts: [number, number][] = [];
    for (const p of data.playArea ?? []) pts.push([p.lat, p.lng]);
    for (const h of data.hunters) for (const p of h.points) pts.push([p.lat, p.lng]);
    for (const d of data.dinosaurs) pts.push([d.lat, d.lng]);
    return pts;
  }, [data]);
  useEffect(() => {
    if (!map || bounds.length === 0) return;
    map.fitBounds(bounds, { padding: [32, 32], maxZoom: 18 });
  }, [map, bounds]);
  const first = bounds[0] ?? [0, 0];

  return (
    <Box h={height} style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }} data-testid="replay-map">
      <MapContainer center={first} zoom={bounds.length ? 16 : 2} minZoom={MIN_ZOOM} maxZoom={MAX_ZOOM} ref={setMap} style={{ height: '100%', width: '100%' }}>
        {mapTileUrl !== '' && <TileLayer url={mapTileUrl} attribution={OSM_ATTRIBUTION} maxNativeZoom={MAX_NATIVE_TILE_ZOOM} maxZoom={MAX_ZOOM} />}
        {data.playArea && (
          <Polygon positions={data.playArea.map(ll)} pathOptions={{ color: '#2b8a3e', weight: 2, fillOpacity: 0.05 }} />
        )}
        {data.noGoZones.map((zone, i) => (
          <Polygon
            key={i}
            positions={zone.map(ll)}
            pathOptions={{ color: '#c92a2a', weight: 2, dashArray: '4 4', fillOpacity: 0.15 }}
          />
        ))}
        {data.dinosaurs.map((d) => (
          <CircleMarker key={`d${d.id}`} center={[d.lat, d.lng]} radius={6} pathOptions={{ color: '#495057', weight: 2, fillColor: '#fff', fillOpacity: 1 }}>
            <Tooltip>{d.speciesName}</Tooltip>
          </CircleMarker>
        ))}
        {view.paths.map((p, i) =>
          p.walked.length > 1 ? (
            <Polyline key={`p${p.hunterId}`} positions={p.walked.map(ll)} pathOptions={{ color: pathColour(i), weight: 4, opacity: 0.85 }} />
          ) : null,
        )}
        {view.observations.map((o) =>
          o.lat !== null && o.lng !== null ? (
            <CircleMarker key={`o${o.t}-${o.hunterId}-${o.dinosaurId}`} center={[o.lat, o.lng]} radius={9} pathOptions={{ color: '#f08c00', weight: 3, fillColor: '#ffd43b', fillOpacity: 0.9 }}>
              <Tooltip>
                {o.hunterName} observed {o.speciesName}
              </Tooltip>
            </CircleMarker>
          ) : null,
        )}
        {view.paths.map((p, i) =>
          p.at ? (
            <CircleMarker key={`h${p.hunterId}`} center={[p.at.lat, p.at.lng]} radius={7} pathOptions={{ color: '#fff', weight: 2, fillColor: pathColour(i), fillOpacity: 1 }}>
              <Tooltip permanent direction="top" offset={[0, -6]}>
                {data.hunters[i]?.hunterName}
              </Tooltip>
            </CircleMarker>
          ) : null,
        )}
      </MapContainer>
    </Box>
  );
}
