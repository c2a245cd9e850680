// "How to play" on the Brief tab: the hunt in five steps, with the ranges the
// server plays by (domain/rules.ts), so a first-time hunter knows what to do.
import { List, Stack, Text, Title } from '@mantine/core';
import { BRIEFING_SAFETY_DISTANCE_M, DETECTION_RADIUS_M, OBSERVATION_RANGE_M } from '../../../domain/rules';

const km = (m: number) => (m % 1000 === 0 ? `${m / 1000} km` : `${m} m`);

export function HowToPlay() {
  return (
    <Stack gap={6} data-testid="how-to-play">
      <Title order={3} size="h4">
        How to play
      </Title>
      <List type="ordered" spacing={6} size="sm">
        <List.Item>
          <Text span fw={700} inherit>
            Walk.
          </Text>{' '}
          The hunt is outdoors: your phone's GPS moves you on the Map.
        </List.Item>
        <List.Item>
          <Text span fw={700} inherit>
            Scan.
          </Text>{' '}
          The Scan tab finds dinosaurs within {km(DETECTION_RADIUS_M)} and shows how far away they are and in which
          direction.
        </List.Item>
        <List.Item>
          <Text span fw={700} inherit>
            Get within range.
          </Text>{' '}
          Walk until the dinosaur is {OBSERVATION_RANGE_M} m away or closer, but keep {BRIEFING_SAFETY_DISTANCE_M} m from
          it.
        </List.Item>
        <List.Item>
          <Text span fw={700} inherit>
            Observe.
          </Text>{' '}
          In AR Hunt, tap Observe while it is in range: each try uses a dart.
        </List.Item>
        <List.Item>
          <Text span fw={700} inherit>
            Radio HQ.
          </Text>{' '}
          Use Comms to report to headquarters with a message, a quick action or a photo.
        </List.Item>
      </List>
    </Stack>
  );
}
