// Above the AR view: which dinosaur is the target (the nearest unobserved, or the
// hunter's pick), what is left, "Next target", and a list to pick any detected one.
import { Badge, Button, Group, Menu, Text } from '@mantine/core';
import { IconArrowRight, IconCheck, IconChevronDown, IconTarget } from '@tabler/icons-react';
import { formatDistance } from '../../../domain/scan-readout';
import type { HuntTarget } from './useHuntTarget';

const nameOf = (t: { species: { name: string } | null }) => t.species?.name ?? 'Unknown species';

export function HuntTargetBar({ hunt }: { hunt: HuntTarget }) {
  const { target, detected, observed, next, picked } = hunt;
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" data-testid="hunt-target-bar">
      <Menu position="bottom-start" width={280} withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            h={40}
            px="xs"
            rightSection={<IconChevronDown size={16} aria-hidden />}
            disabled={detected.length === 0}
            style={{ flex: 1, minWidth: 0 }}
            data-testid="hunt-target-picker"
          >
            <Text size="sm" fw={700} truncate>
              {picked ? 'Your pick' : 'Pick target'}
            </Text>
          </Button>
        </Menu.Target>
        <Menu.Dropdown data-testid="hunt-target-menu">
          <Menu.Label>Detected dinosaurs, nearest first</Menu.Label>
          {detected.map((d) => {
            const done = observed.has(d.dinosaur.id);
            const current = target?.dinosaur.id === d.dinosaur.id;
            return (
              <Menu.Item
                key={d.dinosaur.id}
                onClick={() => hunt.pick(d.dinosaur.id)}
                leftSection={done ? <IconCheck size={16} aria-hidden /> : <IconTarget size={16} aria-hidden />}
                rightSection={
                  <Text size="xs" fw={700}>
                    {formatDistance(d.distance)}
                  </Text>
                }
                aria-current={current ? 'true' : undefined}
                fw={current ? 800 : 500}
              >
                {nameOf(d)}
                {done && (
                  <Badge ml={6} size="xs" color="jungle.9">
                    Observed
                  </Badge>
                )}
              </Menu.Item>
            );
          })}
          {picked && (
            <>
              <Menu.Divider />
              <Menu.Item onClick={() => hunt.pick(null)}>Nearest unobserved</Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
      <Button
        h={40}
        px="sm"
        color="jungle.9"
        rightSection={<IconArrowRight size={16} aria-hidden />}
        disabled={next === null}
        onClick={() => next && hunt.pick(next.dinosaur.id)}
        aria-label={next ? `Next target: ${nameOf(next)}, ${formatDistance(next.distance)}` : 'Next target'}
        data-testid="next-target"
        style={{ flexShrink: 0 }}
      >
        Next target
      </Button>
    </Group>
  );
}
