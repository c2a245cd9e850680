// Above the AR view: which dinosaur is the target (the nearest unobserved, or the
// hunter's pick), "Next target", and a picker for any detected one. The picker is the
// phone's own (a native select): one thumb, large rows, and no popover code in the
// terminal's first load (the bundle budget).
import { Button, Group, NativeSelect } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { formatDistance } from '../../../domain/scan-readout';
import type { HuntTarget } from './useHuntTarget';

const nameOf = (t: { species: { name: string } | null }) => t.species?.name ?? 'Unknown species';
/** The select's value for "no pick": the nearest dinosaur not observed yet. */
const NEAREST = 'nearest';

export function HuntTargetBar({ hunt }: { hunt: HuntTarget }) {
  const { target, detected, observed, next, picked } = hunt;
  const options = [
    { value: NEAREST, label: 'Nearest unobserved' },
    ...detected.map((d) => ({
      value: String(d.dinosaur.id),
      label: `${nameOf(d)}, ${formatDistance(d.distance)}${observed.has(d.dinosaur.id) ? ' (observed)' : ''}`,
    })),
  ];
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" data-testid="hunt-target-bar">
      <NativeSelect
        aria-label="Pick target"
        data={options}
        value={picked && target ? String(target.dinosaur.id) : NEAREST}
        onChange={(event) => {
          const value = event.currentTarget.value;
          hunt.pick(value === NEAREST ? null : Number(value));
        }}
        disabled={detected.length === 0}
        size="md"
        style={{ flex: 1, minWidth: 0 }}
        data-testid="hunt-target-picker"
      />
      <Button
        h={42}
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
