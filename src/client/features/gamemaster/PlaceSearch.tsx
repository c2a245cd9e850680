// HQ's place search (decision 815): a place name goes to the server's geocoder proxy on
// submit only (never while typing; a second submit within a second is ignored), coordinates
// ("lat, lng", typed or pasted) go straight to the map without any request, and "Use my
// location" asks the browser. Without the geocoder (off, offline) the box says what still works.
import { ActionIcon, Box, Loader, Paper, Stack, Text, TextInput, Tooltip, UnstyledButton } from '@mantine/core';
import { IconCurrentLocation, IconSearch } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { coordinatesPlace, PLACE_MESSAGES, type PlaceResult, PlaceSearchInput, parseCoordinates } from '../../../domain/place-search';
import { PLACE_QUERY_MAX_CHARS, PLACE_SEARCH_DEBOUNCE_MS } from '../../../domain/rules';
import { errorMessage, errorStatus } from '../../lib/errors';
import { trpc } from '../../trpc';

type Props = {
  /** Show this place on the map. */
  onPick: (place: PlaceResult) => void;
};

/** What the box shows under itself. */
type Outcome = { kind: 'results'; places: PlaceResult[] } | { kind: 'message'; text: string; error: boolean } | null;

const GEOLOCATION_OPTIONS: PositionOptions = { timeout: 8000, maximumAge: 60_000, enableHighAccuracy: false };

export function PlaceSearch({ onPick }: Props) {
  const utils = trpc.useUtils();
  const [query, setQuery] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const lastSubmit = useRef(0);

  const pick = (place: PlaceResult) => {
    setOutcome(null);
    onPick(place);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const point = parseCoordinates(query);
    if (point) return pick(coordinatesPlace(point));
    const parsed = PlaceSearchInput.safeParse({ q: query });
    if (!parsed.success) {
      setOutcome({ kind: 'message', text: parsed.error.issues[0]?.message ?? PLACE_MESSAGES.queryShort, error: true });
      return;
    }
    const now = Date.now();
    if (busy || now - lastSubmit.current < PLACE_SEARCH_DEBOUNCE_MS) return;
    lastSubmit.current = now;
    setBusy(true);
    try {
      const places = await utils.places.search.fetch(parsed.data, { staleTime: Number.POSITIVE_INFINITY, retry: false });
      if (places.length === 0) setOutcome({ kind: 'message', text: PLACE_MESSAGES.notFound, error: false });
      else if (places.length === 1) pick(places[0]!);
      else setOutcome({ kind: 'results', places });
    } catch (error) {
      const status = errorStatus(error);
      // 400 and 429 carry the server's own reason; anything else (503, offline) means no geocoder now.
      const text = status === 400 || status === 429 ? errorMessage(error, PLACE_MESSAGES.unavailable) : PLACE_MESSAGES.unavailable;
      setOutcome({ kind: 'message', text, error: true });
    } finally {
      setBusy(false);
    }
  };

  const useMyLocation = () => {
    if (!('geolocation' in navigator)) {
      setOutcome({ kind: 'message', text: 'This browser cannot tell your location: search a place or paste "lat, lng".', error: true });
      return;
    }
    setBusy(true);
    navigator.geolocation.getCurrentPosition(
      (p) => {
        setBusy(false);
        pick({ ...coordinatesPlace({ lat: p.coords.latitude, lng: p.coords.longitude }), name: 'Your location' });
      },
      () => {
        setBusy(false);
        setOutcome({ kind: 'message', text: 'Your location is unavailable: search a place or paste "lat, lng".', error: true });
      },
      GEOLOCATION_OPTIONS,
    );
  };

  return (
    <Paper shadow="sm" withBorder p={4} radius="md" w={340} maw="100%" data-testid="place-search">
      <search aria-label="Place search">
      <form onSubmit={submit}>
        <Box style={{ display: 'flex', gap: 4, alignItems: 'center' }}>
          <TextInput
            aria-label='Search a place, or paste coordinates as "lat, lng"'
            placeholder='Search a place, or "lat, lng"'
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
            maxLength={PLACE_QUERY_MAX_CHARS}
            size="sm"
            style={{ flex: 1 }}
            data-testid="place-search-input"
          />
          <Tooltip label="Search" withArrow>
            <ActionIcon type="submit" size={36} variant="filled" aria-label="Search" disabled={busy}>
              {busy ? <Loader size={16} color="white" /> : <IconSearch size={18} />}
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Use my location" withArrow>
            <ActionIcon size={36} variant="default" aria-label="Use my location" onClick={useMyLocation} disabled={busy}>
              <IconCurrentLocation size={18} />
            </ActionIcon>
          </Tooltip>
        </Box>
      </form>
      </search>
      {outcome?.kind === 'message' && (
        <Text size="xs" c={outcome.error ? 'red.9' : 'dark.6'} px={4} pt={4} role="status" data-testid="place-search-message">
          {outcome.text}
        </Text>
      )}
      {outcome?.kind === 'results' && (
        <Stack gap={0} pt={4} role="group" aria-label="Places found" data-testid="place-search-results">
          {outcome.places.map((place) => (
            <UnstyledButton
              key={`${place.lat},${place.lng},${place.name}`}
              px={6}
              py={4}
              onClick={() => pick(place)}
              style={{ borderRadius: 4 }}
              className="place-result"
            >
              <Text size="xs" lineClamp={2}>
                {place.name}
              </Text>
            </UnstyledButton>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
