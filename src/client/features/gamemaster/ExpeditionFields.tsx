// A session's public-expedition settings (decision 835), shared by the create form and the
// edit dialog: the switch, the meeting point placed by clicking the map, and a short note.
import { Box, Stack, Switch, Text, TextInput } from '@mantine/core';
import { MAX_MEETING_NOTE_LENGTH } from '../../../domain/rules';
import { LazyTacticalMap } from '../map/LazyTacticalMap';
import type { LatLngPoint } from '../map/types';
import { useMeetingPointHome } from './useMeetingPointHome';

export type ExpeditionValues = { isPublic: boolean; meetingPoint: { lat: number; lng: number } | null; meetingNote: string };

const MAP_HEIGHT = 240;
const COORD_DIGITS = 5;

export function ExpeditionFields({
  value,
  onChange,
  meetingPointError,
  sessionId,
}: {
  value: ExpeditionValues;
  onChange: (next: ExpeditionValues) => void;
  meetingPointError?: string | null | undefined;
  /** The session being edited (its dinosaurs place the map); null in the create form. */
  sessionId: number | null;
}) {
  const point = value.meetingPoint;
  return (
    <Stack gap="xs">
      <Switch
        label="Public expedition"
        description="Listed to hunter accounts, nearest first: they join without the password. Leave off to share the password only."
        checked={value.isPublic}
        onChange={(e) => onChange({ ...value, isPublic: e.currentTarget.checked })}
      />
      {value.isPublic && (
        <>
          <Text size="sm" fw={500}>
            Meeting point{' '}
            <Text span c="red.8" aria-hidden>
              *
            </Text>
          </Text>
          <Box data-testid="meeting-point-map">
            <MeetingPointMap sessionId={sessionId} point={point} onPlace={(p) => onChange({ ...value, meetingPoint: p })} />
          </Box>
          <Text size="sm" c={meetingPointError ? 'red.8' : 'dimmed'} data-testid="meeting-point" role={meetingPointError ? 'alert' : undefined}>
            {meetingPointError ??
              (point
                ? `Meeting point: ${point.lat.toFixed(COORD_DIGITS)}, ${point.lng.toFixed(COORD_DIGITS)} (click the map to move it)`
                : 'Click the map to place the meeting point.')}
          </Text>
          <TextInput
            label="Meeting note (optional)"
            placeholder="e.g. By the fountain, look for the green flag"
            maxLength={MAX_MEETING_NOTE_LENGTH}
            value={value.meetingNote}
            onChange={(e) => onChange({ ...value, meetingNote: e.currentTarget.value })}
          />
        </>
      )}
    </Stack>
  );
}

/** Mounted when the switch turns on, so it opens where the session's area is at that moment (issue #46). */
function MeetingPointMap({
  sessionId,
  point,
  onPlace,
}: {
  sessionId: number | null;
  point: LatLngPoint | null;
  onPlace: (p: LatLngPoint) => void;
}) {
  const area = useMeetingPointHome(sessionId);
  return (
    <LazyTacticalMap
      mode="gamemaster"
      dinosaurs={[]}
      species={[]}
      hunters={point ? [{ userId: 'meeting-point', label: 'Meeting point', lat: point.lat, lng: point.lng, accuracy: 0 }] : []}
      home={area}
      onMapClick={(p) => onPlace({ lat: p.lat, lng: p.lng })}
      // The hint and the place-at-centre button until the point is placed; clicks move it afterwards.
      selecting={point === null}
      selectingHint="Click the map to place the meeting point"
      placeAtCentreLabel="Place the meeting point at the map centre"
      height={MAP_HEIGHT}
      ariaLabel="Meeting point map: click to place the meeting point"
    />
  );
}
