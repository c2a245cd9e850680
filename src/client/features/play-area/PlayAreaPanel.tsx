// Play Area (HQ): draw the play area and no-go zones on the Tactical Overview, edit or clear
// them, and see at once which hunters the server judged outside the area or in a no-go zone.
import { Alert, Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconBan, IconEdit, IconPolygon, IconTrash, IconX } from '@tabler/icons-react';
import { memo, useState } from 'react';
import { ConfirmDialog } from '../gamemaster/ConfirmDialog';
import { Panel } from '../gamemaster/Panel';
import { usePlayArea } from './usePlayArea';
import type { PlayAreaTools } from './usePlayAreaTools';
import { isAlarming } from './zoneWords';

type Props = { tools: PlayAreaTools; status: string | null };

export const PlayAreaPanel = memo(function PlayAreaPanel({ tools, status }: Props) {
  const [clearOpen, setClearOpen] = useState(false);
  const { tool, setTool, editable, data, saving } = tools;
  const area = data?.playArea ?? null;
  const zones = data?.noGoZones ?? [];
  const alarmed = (data?.hunters ?? []).filter((h) => isAlarming(h.zone));

  return (
    <Panel
      title="Play Area"
      icon={<IconPolygon size={20} aria-hidden />}
      testId="play-area-panel"
      aside={
        alarmed.length > 0 ? (
          <Badge color="red.8" data-testid="zone-alert-count">
            {alarmed.length} outside
          </Badge>
        ) : null
      }
    >
      {tools.sessionId === null ? (
        <Text size="sm" c="dimmed">
          Select a session to set where its hunters may go.
        </Text>
      ) : (
        <Stack gap="sm">
          <Text size="sm" data-testid="play-area-summary">
            {area
              ? `Area of ${area.length} corners, ${zones.length} no-go ${zones.length === 1 ? 'zone' : 'zones'}. Dinosaurs go inside; hunters are warned when they leave.`
              : 'No play area: hunters may roam anywhere. Draw one to keep them inside.'}
          </Text>
          {(data?.dinosaursMisplaced ?? 0) > 0 && (
            <Text size="sm" c="orange.9" fw={600} data-testid="play-area-misplaced">
              {data?.dinosaursMisplaced} deployed {data?.dinosaursMisplaced === 1 ? 'dinosaur is' : 'dinosaurs are'} outside the area or in a no-go zone.
            </Text>
          )}
          {tool === 'area' || tool === 'zone' ? (
            <Alert color="blue" variant="light" p="xs" data-testid="play-area-drawing">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" style={{ flex: 1, minWidth: 0 }}>
                  {tool === 'area' ? 'Drawing the play area' : 'Drawing a no-go zone'}: click the map for each corner, then click the first corner
                  to close it.
                </Text>
                <Button size="xs" variant="default" leftSection={<IconX size={14} />} onClick={() => setTool('none')}>
                  Cancel
                </Button>
              </Group>
            </Alert>
          ) : tool === 'edit' ? (
            <Alert color="blue" variant="light" p="xs" data-testid="play-area-editing">
              <Text size="sm" mb="xs">
                Drag a corner to move it, or a middle handle to add one; right-click a corner to remove it.
              </Text>
              <Group gap="xs">
                <Button size="xs" onClick={tools.saveEdits} loading={saving}>
                  Save shapes
                </Button>
                <Button size="xs" variant="default" onClick={() => setTool('none')}>
                  Cancel
                </Button>
              </Group>
            </Alert>
          ) : editable ? (
            <Group gap="xs">
              <Button size="sm" leftSection={<IconPolygon size={16} />} onClick={() => setTool('area')} loading={saving}>
                {area ? 'Redraw area' : 'Draw play area'}
              </Button>
              <Button size="sm" variant="outline" color="red.8" leftSection={<IconBan size={16} />} onClick={() => setTool('zone')} disabled={!area || saving}>
                Add no-go zone
              </Button>
              <Button size="sm" variant="light" leftSection={<IconEdit size={16} />} onClick={() => setTool('edit')} disabled={!area || saving}>
                Edit shapes
              </Button>
              <Button size="sm" variant="subtle" color="red.8" leftSection={<IconTrash size={16} />} onClick={() => setClearOpen(true)} disabled={!area || saving}>
                Clear area
              </Button>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {status === 'completed' ? 'This hunt has ended.' : 'Pause the hunt to change the play area.'}
            </Text>
          )}
        </Stack>
      )}
      <ConfirmDialog
        opened={clearOpen}
        title="Clear the play area?"
        message="Remove the play area and its no-go zones? Hunters will no longer be warned when they wander off."
        confirmLabel="Clear area"
        onConfirm={tools.clear}
        onClose={() => setClearOpen(false)}
      />
    </Panel>
  );
});

/**
 * The alert at the top of HQ while any hunter is outside the play area or in a no-go zone (the
 * server's judgement, refreshed by hunter_zone events): names and where they are.
 */
export function ZoneAlert({ sessionId }: { sessionId: number | null }) {
  const hunters = usePlayArea(sessionId).data?.hunters ?? [];
  const alarmed = hunters.filter((h) => isAlarming(h.zone));
  if (alarmed.length === 0) return null;
  return (
    <Alert
      color="red"
      variant="filled"
      icon={<IconAlertTriangle size={22} />}
      title={alarmed.length === 1 ? 'A hunter is outside the safe area' : `${alarmed.length} hunters are outside the safe area`}
      data-testid="zone-alert"
      role="alert"
      style={{ order: -1, gridColumn: '1 / -1' }}
    >
      <List size="sm" c="white">
        {alarmed.map((h) => (
          <List.Item key={h.playerId} data-hunter={h.hunterName}>
            <b>{h.hunterName}</b>: {h.zone === 'in_no_go' ? 'in a no-go zone' : 'outside the play area'}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
