// The tactical map (react-leaflet). Loaded only through LazyTacticalMap, so
// Leaflet and its CSS stay out of every page that shows no map.
import 'leaflet/dist/leaflet.css';
import './tacticalMap.css';
import { ActionIcon, Box, Button, Paper, Text, Tooltip as HoverTip } from '@mantine/core';
import { IconArrowsMaximize, IconCurrentLocation, IconMapPinPlus, IconStack2 } from '@tabler/icons-react';
import type L from 'leaflet';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { Circle, MapContainer, Marker, Polygon, Popup, TileLayer, Tooltip, useMap, useMapEvents, ZoomControl } from 'react-leaflet';
import { speciesMarks } from '../../../domain/species-marks';
import { MAX_NATIVE_TILE_ZOOM, MAX_ZOOM, MIN_ZOOM } from '../../../domain/rules';
import { useClientConfig } from '../auth/useClientConfig';
import { dinosaurIcon, hunterIcon, selfIcon } from './markerIcons';
import { boundsOf, compassRotation, contentPoints, hunterFramePoints, initialView, isValidPoint, modeZoom } from './mapView';
import type { LatLngPoint, MapDinosaur, MapHome, MapHunter, MapPlayArea, MapSelf, MapViewRequest, MarkerState, TacticalMapProps } from './types';

const FIT_PADDING_PX = 48;
/** Fitting never zooms in closer than a hunter's view. */
const FIT_MAX_ZOOM = 18;
const DEFAULT_HEIGHT = 400;
const OSM_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

type Layer = 'street' | 'plain';

export default function TacticalMap(props: TacticalMapProps) {
  const {
    mode,
    dinosaurs,
    species,
    hunters = [],
    self = null,
    onMapClick,
    onDinosaurClick,
    onDinosaurMove,
    onDinosaurRemove,
    selecting = false,
    markerStates,
    focus = null,
    home = null,
    view = null,
  } = props;
  const { mapTileUrl } = useClientConfig();
  const [map, setMap] = useState<L.Map | null>(null);
  const [layer, setLayer] = useState<Layer>('street');
  const [tilesFailed, setTilesFailed] = useState(false);
  // A hunter's map follows them (issue #46) until they pan it themselves; "Re-centre on me" follows again.
  const [following, setFollowing] = useState(true);
  // The view the map opens on; later content moves it only through AutoFit and the buttons.
  const [start] = useState(() => {
    // A hunter whose position and dinosaurs are known opens framed on them (the target, or every one).
    const frame = mode === 'hunter' ? hunterFramePoints(self, dinosaurs, focus) : [];
    const box = frame.length >= 2 ? boundsOf(frame) : null;
    return { ...initialView(mode, { dinosaurs, hunters, self, home }), box };
  });
  const points = useMemo(() => contentPoints(dinosaurs, hunters, self), [dinosaurs, hunters, self]);

  const fitToContent = () => {
    if (!map) return;
    fitPoints(map, points, mode);
  };
  const centre = () => {
    if (!map) return;
    if (isValidPoint(self)) {
      map.setView([self.lat, self.lng], Math.max(map.getZoom(), modeZoom(mode)));
      setFollowing(true);
      return;
    }
    // The game master has no position on the map: centre on where this device is, if the browser tells us.
    const fallback = () => fitPoints(map, points, mode);
    if (!('geolocation' in navigator)) return fallback();
    navigator.geolocation.getCurrentPosition(
      (p) => map.setView([p.coords.latitude, p.coords.longitude], Math.max(map.getZoom(), modeZoom(mode))),
      fallback,
      { timeout: 5000, maximumAge: 60_000 },
    );
  };
  const deployAtCentre = () => {
    if (!map || !onMapClick) return;
    const c = map.getCenter();
    onMapClick({ lat: c.lat, lng: c.lng });
  };
  const toggleLayer = () => {
    setLayer((l) => (l === 'street' ? 'plain' : 'street'));
    // Switching back to the street layer tries the tile server again.
    tileLoaded.current = false;
    setTilesFailed(false);
  };

  const showTiles = layer === 'street' && mapTileUrl !== '' && !tilesFailed;
  const tilesUnavailable = tilesFailed || (layer === 'street' && mapTileUrl === '');
  // Tiles that fail before any has loaded mean the tile server is unreachable: show the plain map instead.
  const tileLoaded = useRef(false);
  const tileHandlers = useMemo<L.LeafletEventHandlerFnMap>(
    () => ({
      tileload: () => {
        tileLoaded.current = true;
      },
      tileerror: () => {
        if (!tileLoaded.current) setTilesFailed(true);
      },
    }),
    [],
  );
  const height = props.height ?? DEFAULT_HEIGHT;

  return (
    <Box className={selecting ? 'tm-wrap tm-selecting' : 'tm-wrap'} h={height} data-testid="tactical-map" data-mode={mode}>
      <MapContainer
        center={start.box ? undefined : [start.center.lat, start.center.lng]}
        zoom={start.box ? undefined : start.zoom}
        bounds={
          start.box
            ? [
                [start.box.south, start.box.west],
                [start.box.north, start.box.east],
              ]
            : undefined
        }
        boundsOptions={{ padding: [FIT_PADDING_PX, FIT_PADDING_PX], maxZoom: FIT_MAX_ZOOM }}
        minZoom={MIN_ZOOM}
        maxZoom={MAX_ZOOM}
        zoomControl={false}
        ref={setMap}
        style={{ height: '100%', width: '100%' }}
      >
        <MapAccessibility label={props.ariaLabel} />
        <FollowContainerSize />
        {showTiles && (
          <TileLayer
            url={mapTileUrl}
            attribution={OSM_ATTRIBUTION}
            maxNativeZoom={MAX_NATIVE_TILE_ZOOM}
            maxZoom={MAX_ZOOM}
            eventHandlers={tileHandlers}
          />
        )}
        <ZoomControl position="bottomright" />
        {props.playArea && <PlayAreaLayer playArea={props.playArea} />}
        {props.mapLayers}
        <ClickToDeploy onMapClick={onMapClick} />
        <AutoFit mode={mode} points={points} self={self} dinosaurs={dinosaurs} focus={focus} framed={start.box !== null} />
        <HomeAndPlaceView home={home} view={view} hasContent={points.length > 0} />
        {props.onViewChange && <ReportView onViewChange={props.onViewChange} />}
        <DinosaurMarkers
          dinosaurs={dinosaurs}
          species={species}
          onDinosaurClick={onDinosaurClick}
          onDinosaurMove={onDinosaurMove}
          onDinosaurRemove={onDinosaurRemove}
          markerStates={markerStates}
        />
        <HunterMarkers hunters={hunters} />
        {isValidPoint(self) && <SelfMarker self={self} />}
        {mode === 'hunter' && <FollowSelf self={self} following={following} onPanned={() => setFollowing(false)} />}
      </MapContainer>

      {(props.children || tilesUnavailable) && (
        <Box className="tm-overlay" top={10} left={10} maw="calc(100% - 80px)">
          {props.children}
          {/* Under the screen's own overlay (search, counts), not over it: offline in a park, this is the map. */}
          {tilesUnavailable && (
            <Paper mt={props.children ? 6 : 0} w="fit-content" px="sm" py={4} shadow="sm" withBorder>
              <Text size="xs" fw={600} data-testid="map-tiles-unavailable">
                Map tiles unavailable: plain map shown
              </Text>
            </Paper>
          )}
        </Box>
      )}
      <Compass heading={self?.heading} />
      {mode === 'hunter' && !following && isValidPoint(self) && (
        <Box className="tm-overlay" bottom={32} left="50%" style={{ transform: 'translateX(-50%)' }}>
          <Button leftSection={<IconCurrentLocation size={18} aria-hidden />} onClick={centre} style={{ boxShadow: '0 1px 4px rgba(0,0,0,0.35)' }} data-testid="map-recentre">
            Re-centre on me
          </Button>
        </Box>
      )}
      {selecting && (
        <Paper className="tm-overlay" bottom={32} left="50%" style={{ transform: 'translateX(-50%)', maxWidth: 'calc(100% - 140px)' }} px="sm" py={6} shadow="md" withBorder>
          <Text size="sm" fw={700} ta="center" data-testid="map-selecting-hint">
            {props.selectingHint ?? 'Click the map to deploy the selected species'}
          </Text>
        </Paper>
      )}
      <Box className="tm-overlay" left={10} bottom={32} style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
        {selecting && onMapClick && (
          <MapButton label={props.placeAtCentreLabel ?? 'Deploy at map centre'} onClick={deployAtCentre} primary>
            <IconMapPinPlus size={22} />
          </MapButton>
        )}
        <MapButton label="Center" onClick={centre}>
          <IconCurrentLocation size={22} />
        </MapButton>
        <MapButton label="Fit to content" onClick={fitToContent} disabled={points.length === 0}>
          <IconArrowsMaximize size={22} />
        </MapButton>
        {props.showLayers && (
          <MapButton label={layer === 'street' ? 'Layers: switch to plain map' : 'Layers: switch to street map'} onClick={toggleLayer}>
            <IconStack2 size={22} />
          </MapButton>
        )}
      </Box>
    </Box>
  );
}

/** `animate` false: the map opens framed (an animated fit on open left the accuracy circles behind their markers). */
function fitPoints(map: L.Map, points: LatLngPoint[], mode: 'hunter' | 'gamemaster', animate = true) {
  const box = boundsOf(points);
  if (!box) return;
  if (box.south === box.north && box.west === box.east) {
    map.setView([box.south, box.west], Math.max(map.getZoom(), modeZoom(mode)), { animate });
    return;
  }
  map.fitBounds(
    [
      [box.south, box.west],
      [box.north, box.east],
    ],
    { padding: [FIT_PADDING_PX, FIT_PADDING_PX], maxZoom: FIT_MAX_ZOOM, animate },
  );
}

function MapAccessibility({ label }: { label: string }) {
  const map = useMap();
  useEffect(() => {
    const el = map.getContainer();
    el.setAttribute('role', 'region');
    el.setAttribute('aria-roledescription', 'map');
    el.setAttribute('aria-label', label);
    // The tile provider's credit stays; Leaflet's own prefix made it wrap onto two lines on phones.
    map.attributionControl?.setPrefix(false);
  }, [map, label]);
  return null;
}

/**
 * Leaflet measures its container on window resizes only; a container that changes size by itself (the Hunter
 * Terminal's GPS notice docking above the tab bar, decision 909) would keep a stale size. Its top-left stays
 * where it is (pan: false), so nothing on the map moves as the room below it changes.
 */
function FollowContainerSize() {
  const map = useMap();
  useEffect(() => {
    const observer = new ResizeObserver(() => map.invalidateSize({ pan: false }));
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}

function ClickToDeploy({ onMapClick }: { onMapClick?: (p: LatLngPoint) => void }) {
  const handlers = useMemo<L.LeafletEventHandlerFnMap>(
    () => (onMapClick ? { click: (e: L.LeafletMouseEvent) => onMapClick({ lat: e.latlng.lat, lng: e.latlng.lng }) } : {}),
    [onMapClick],
  );
  useMapEvents(handlers);
  return null;
}

/**
 * Frames the content once, when it first appears (the game master's dinosaurs
 * and hunters; a hunter's position with the hunt's target, or every dinosaur),
 * unless the user has already handled the map: a game master who deploys by
 * clicking never has the map jump away. A hunter whose dinosaurs are not there
 * yet is centred on their position, and framed once the first dinosaur appears.
 * Later updates never move the map: the Center and Fit buttons do that.
 */
function AutoFit({
  mode,
  points,
  self,
  dinosaurs,
  focus,
  framed,
}: {
  mode: 'hunter' | 'gamemaster';
  points: LatLngPoint[];
  self: MapSelf | null;
  dinosaurs: MapDinosaur[];
  focus: LatLngPoint | null;
  /** The map opened already framed (MapContainer's bounds): nothing to do. */
  framed: boolean;
}) {
  const map = useMap();
  const done = useRef(framed);
  const centred = useRef(false);
  const handled = useMemo<L.LeafletEventHandlerFnMap>(
    () => ({
      mousedown: () => {
        done.current = true;
      },
      dragstart: () => {
        done.current = true;
      },
      keydown: () => {
        done.current = true;
      },
    }),
    [],
  );
  useMapEvents(handled);
  useEffect(() => {
    if (done.current) return;
    if (mode === 'hunter') {
      if (!isValidPoint(self)) return;
      const frame = hunterFramePoints(self, dinosaurs, focus);
      if (frame.length < 2) {
        if (!centred.current) map.setView([self.lat, self.lng], modeZoom(mode));
        centred.current = true;
        return;
      }
      fitPoints(map, frame, mode, false);
    } else {
      if (points.length === 0) return;
      fitPoints(map, points, mode);
    }
    done.current = true;
  }, [map, mode, points, self, dinosaurs, focus]);
  return null;
}

/**
 * HQ's home and search results. The home (where the game master last played, or their position)
 * may be known only after the map opened: it is shown then, while the map has no content and the
 * user has not moved it. A search result is shown each time one is picked (its extent when the
 * geocoder gives one, else its point at the playing zoom).
 */
function HomeAndPlaceView({ home, view, hasContent }: { home: MapHome | null; view: MapViewRequest | null; hasContent: boolean }) {
  const map = useMap();
  const handled = useRef(false);
  const shownHome = useRef<MapHome | null>(home);
  const handlers = useMemo<L.LeafletEventHandlerFnMap>(
    () => ({
      mousedown: () => {
        handled.current = true;
      },
      dragstart: () => {
        handled.current = true;
      },
      keydown: () => {
        handled.current = true;
      },
    }),
    [],
  );
  useMapEvents(handlers);
  useEffect(() => {
    const shown = shownHome.current;
    if (!home || !isValidPoint(home) || (shown && shown.lat === home.lat && shown.lng === home.lng && shown.zoom === home.zoom)) return;
    shownHome.current = home;
    if (handled.current || hasContent) return;
    map.setView([home.lat, home.lng], home.zoom, { animate: false });
  }, [map, home, hasContent]);
  const lastSeq = useRef(view?.seq ?? null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a request is applied once, when its seq changes
  useEffect(() => {
    if (!view || view.seq === lastSeq.current || !isValidPoint(view)) return;
    lastSeq.current = view.seq;
    handled.current = true;
    const b = view.bounds;
    if (b && (b.south !== b.north || b.west !== b.east)) {
      map.fitBounds(
        [
          [b.south, b.west],
          [b.north, b.east],
        ],
        { maxZoom: view.zoom, animate: false },
      );
    } else {
      map.setView([view.lat, view.lng], view.zoom, { animate: false });
    }
  }, [map, view?.seq]);
  return null;
}

/**
 * How far inside the map's edges (a share of its size) a followed hunter is kept: the map moves once they walk
 * past it. Less than the framing's padding, so the view framed on the hunter and their target on open stays.
 */
const FOLLOW_MARGIN = 0.05;

/**
 * Keeps a hunter's own position on screen as they walk (issue #46: 760 m into a no-go zone, neither the dot
 * nor the zone was shown): once the dot leaves the middle of the map, the map pans to it. A drag by the
 * hunter stops following (they are looking elsewhere) until "Re-centre on me".
 */
function FollowSelf({ self, following, onPanned }: { self: MapSelf | null; following: boolean; onPanned: () => void }) {
  const map = useMap();
  const panned = useRef(onPanned);
  panned.current = onPanned;
  const handlers = useMemo<L.LeafletEventHandlerFnMap>(() => ({ dragstart: () => panned.current() }), []);
  useMapEvents(handlers);
  const lat = isValidPoint(self) ? self.lat : null;
  const lng = isValidPoint(self) ? self.lng : null;
  useEffect(() => {
    if (!following || lat === null || lng === null) return;
    if (!map.getBounds().pad(-FOLLOW_MARGIN).contains([lat, lng])) map.panTo([lat, lng]);
  }, [map, following, lat, lng]);
  return null;
}

/** Tells the screen where the map is after each move or zoom (not where it opened: that is the screen's own). */
function ReportView({ onViewChange }: { onViewChange: (view: MapHome) => void }) {
  const map = useMap();
  const report = useRef(onViewChange);
  report.current = onViewChange;
  const handlers = useMemo<L.LeafletEventHandlerFnMap>(
    () => ({
      moveend: () => {
        const c = map.getCenter();
        report.current({ lat: c.lat, lng: c.lng, zoom: map.getZoom() });
      },
    }),
    [map],
  );
  useMapEvents(handlers);
  return null;
}

/** The marker's name: the species, and its state in words (hover text, screen readers, tests). */
function markerTitle(name: string, state: MarkerState | undefined): string {
  const parts = [name];
  if (state?.target) parts.push('your target');
  if (state?.observed) parts.push('observed');
  if (state?.observations !== undefined) {
    parts.push(state.observations === 0 ? 'not observed yet' : `observed ${state.observations} ${state.observations === 1 ? 'time' : 'times'}`);
  }
  return parts.join(', ');
}

function stateKey(state: MarkerState | undefined): string {
  return `${state?.observed ? 'o' : ''}${state?.target ? 't' : ''}${state?.observations ?? ''}`;
}

function DinosaurMarkers({
  dinosaurs,
  species,
  onDinosaurClick,
  onDinosaurMove,
  onDinosaurRemove,
  markerStates,
}: {
  dinosaurs: MapDinosaur[];
  species: TacticalMapProps['species'];
  onDinosaurClick?: (d: MapDinosaur) => void;
  onDinosaurMove?: TacticalMapProps['onDinosaurMove'];
  onDinosaurRemove?: TacticalMapProps['onDinosaurRemove'];
  markerStates?: ReadonlyMap<number, MarkerState>;
}) {
  // One icon per species and state: react-leaflet swaps a marker's icon whenever the object changes.
  // The cache is built anew with the catalogue (a renamed species gets a new mark); marks are
  // kept apart across the whole catalogue, so every screen shows a species alike.
  const { bySpecies, marks, icons } = useMemo(
    () => ({ bySpecies: new Map(species.map((s) => [s.id, s])), marks: speciesMarks(species), icons: new Map<string, L.DivIcon>() }),
    [species],
  );
  const iconFor = (speciesId: number, state: MarkerState | undefined) => {
    const key = `${speciesId}|${stateKey(state)}`;
    let icon = icons.get(key);
    if (!icon) {
      const known = bySpecies.get(speciesId);
      icon = dinosaurIcon(known, state, known ? marks.get(speciesId) : undefined);
      icons.set(key, icon);
    }
    return icon;
  };
  return (
    <>
      {dinosaurs.filter((d) => isValidPoint({ lat: d.latitude, lng: d.longitude })).map((d) => {
        const name = bySpecies.get(d.speciesId)?.name ?? 'Unknown species';
        const state = markerStates?.get(d.id);
        const title = markerTitle(name, state);
        // The server refuses to move an observed dinosaur (decision 816): the map does not offer it.
        const draggable = onDinosaurMove !== undefined && (state?.observations ?? 0) === 0 && !state?.observed;
        return (
          <DinosaurMarker
            // Leaflet sets a marker's title once: a new state makes a new marker.
            key={`${d.id}|${stateKey(state)}|${draggable ? 'd' : ''}`}
            dinosaur={d}
            name={name}
            title={title}
            icon={iconFor(d.speciesId, state)}
            zIndexOffset={state?.target ? 1000 : state?.observed ? -1000 : 0}
            draggable={draggable}
            onClick={onDinosaurClick}
            onMove={onDinosaurMove}
            onRemove={onDinosaurRemove}
          />
        );
      })}
    </>
  );
}

function DinosaurMarker({
  dinosaur: d,
  name,
  title,
  icon,
  zIndexOffset,
  draggable,
  onClick,
  onMove,
  onRemove,
}: {
  dinosaur: MapDinosaur;
  name: string;
  title: string;
  icon: L.DivIcon;
  zIndexOffset: number;
  draggable: boolean;
  onClick?: (d: MapDinosaur) => void;
  onMove?: TacticalMapProps['onDinosaurMove'];
  onRemove?: TacticalMapProps['onDinosaurRemove'];
}) {
  const map = useMap();
  const handlers = useMemo<L.LeafletEventHandlerFnMap>(() => {
    const h: L.LeafletEventHandlerFnMap = {};
    if (onClick) h.click = () => onClick(d);
    if (onMove && draggable) {
      h.dragend = (e) => {
        const marker = e.target as L.Marker;
        const to = marker.getLatLng();
        // Refused (observed meanwhile, ended, outside the area): back where the server keeps it.
        onMove(d, { lat: to.lat, lng: to.lng }).catch(() => marker.setLatLng([d.latitude, d.longitude]));
      };
    }
    return h;
  }, [d, onClick, onMove, draggable]);
  const editable = onMove !== undefined || onRemove !== undefined;
  return (
    <Marker
      position={[d.latitude, d.longitude]}
      icon={icon}
      title={title}
      alt={title}
      zIndexOffset={zIndexOffset}
      draggable={draggable}
      autoPan={draggable}
      eventHandlers={handlers}
    >
      <Tooltip direction="top">{title}</Tooltip>
      {editable && (
        <Popup>
          <div className="tm-dino-popup" data-testid={`dino-popup-${d.id}`}>
            <Text size="sm" fw={700}>
              {name}
            </Text>
            <Text size="xs" c="dimmed">
              {draggable ? 'Drag the marker to move it.' : 'Observed: it stays where hunters found it.'}
            </Text>
            {onMove && draggable && (
              <Button
                size="xs"
                variant="light"
                onClick={() => {
                  const c = map.getCenter();
                  map.closePopup();
                  void onMove(d, { lat: c.lat, lng: c.lng }).catch(() => {});
                }}
              >
                Move to map centre
              </Button>
            )}
            {onRemove && (
              <Button
                size="xs"
                color="red"
                onClick={() => {
                  map.closePopup();
                  onRemove(d);
                }}
              >
                Remove {name}
              </Button>
            )}
          </div>
        </Popup>
      )}
    </Marker>
  );
}

/** The play area's boundary (dashed, unfilled) and its no-go zones (red, hatched by opacity); never clickable. */
function PlayAreaLayer({ playArea }: { playArea: MapPlayArea }) {
  return (
    <>
      {playArea.area && (
        <Polygon
          positions={playArea.area.map((p) => [p.lat, p.lng] as [number, number])}
          pathOptions={{ color: '#1864ab', weight: 3, dashArray: '8 6', fillOpacity: 0.04 }}
          className="tm-play-area"
          interactive={false}
        />
      )}
      {playArea.zones.map((zone, i) => (
        <Polygon
          // Zones have no id: their order is their identity.
          key={i}
          positions={zone.map((p) => [p.lat, p.lng] as [number, number])}
          pathOptions={{ color: '#c92a2a', weight: 2, fillColor: '#fa5252', fillOpacity: 0.3 }}
          className="tm-no-go-zone"
          interactive={false}
        />
      ))}
    </>
  );
}

const DEFAULT_HUNTER_COLOUR = '#d9480f';

function HunterMarkers({ hunters }: { hunters: MapHunter[] }) {
  // One icon per colour (a team hunt has a few), not one per hunter and render.
  const colours = [...new Set(hunters.map((h) => h.color ?? ''))].sort().join(',');
  const icons = useMemo(() => new Map(colours.split(',').map((c) => [c, hunterIcon(c || null)])), [colours]);
  return (
    <>
      {hunters.filter(isValidPoint).map((h) => (
        <HunterMarker key={h.userId} hunter={h} icon={icons.get(h.color ?? '') ?? hunterIcon(h.color)} />
      ))}
    </>
  );
}

function HunterMarker({ hunter, icon }: { hunter: MapHunter; icon: L.DivIcon }) {
  const colour = hunter.color ?? DEFAULT_HUNTER_COLOUR;
  const title = hunter.teamName ? `${hunter.label} (${hunter.teamName})` : hunter.label;
  return (
    <>
      {hunter.accuracy > 0 && (
        <Circle
          center={[hunter.lat, hunter.lng]}
          radius={hunter.accuracy}
          pathOptions={{ color: colour, weight: 1, fillOpacity: 0.12 }}
          interactive={false}
        />
      )}
      <Marker position={[hunter.lat, hunter.lng]} icon={icon} title={title} keyboard={false}>
        <Tooltip permanent direction="top" className="tm-hunter-label">
          {hunter.color ? <span className="tm-hunter-label__swatch" style={{ background: colour }} aria-hidden /> : null}
          {hunter.label}
        </Tooltip>
      </Marker>
    </>
  );
}

function SelfMarker({ self }: { self: MapSelf }) {
  const heading = typeof self.heading === 'number' ? Math.round(self.heading) : null;
  const icon = useMemo(() => selfIcon(heading), [heading]);
  return (
    <>
      {self.accuracy > 0 && (
        <Circle
          center={[self.lat, self.lng]}
          radius={self.accuracy}
          pathOptions={{ color: '#1864ab', weight: 1, fillOpacity: 0.15 }}
          interactive={false}
        />
      )}
      <Marker position={[self.lat, self.lng]} icon={icon} title="Your position" keyboard={false} interactive={false} />
    </>
  );
}

function Compass({ heading }: { heading?: number | null }) {
  const rotation = compassRotation(heading);
  return (
    <Box
      className="tm-overlay"
      top={10}
      right={10}
      w={44}
      h={44}
      role="img"
      aria-label={typeof heading === 'number' ? `Compass, heading ${Math.round(heading)} degrees` : 'Compass, north up'}
      style={{ borderRadius: '50%', background: 'white', boxShadow: '0 1px 4px rgba(0,0,0,0.35)', pointerEvents: 'none' }}
      data-testid="map-compass"
    >
      <svg viewBox="0 0 44 44" width={44} height={44} style={{ transform: `rotate(${rotation}deg)` }} aria-hidden>
        <polygon points="22,5 27,22 17,22" fill="#c92a2a" />
        <polygon points="22,39 27,22 17,22" fill="#5c636a" />
        <text x="22" y="17" textAnchor="middle" fontSize="8" fontWeight="800" fill="white">
          N
        </text>
      </svg>
    </Box>
  );
}

function MapButton({
  label,
  onClick,
  children,
  disabled,
  primary,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
  disabled?: boolean;
  primary?: boolean;
}) {
  return (
    <HoverTip label={label} position="right" withArrow>
      <ActionIcon
        size={48}
        radius="md"
        variant={primary ? 'filled' : 'white'}
        color={primary ? undefined : 'dark'}
        aria-label={label}
        onClick={onClick}
        disabled={disabled}
        style={{ boxShadow: '0 1px 4px rgba(0,0,0,0.35)' }}
      >
        {children}
      </ActionIcon>
    </HoverTip>
  );
}
