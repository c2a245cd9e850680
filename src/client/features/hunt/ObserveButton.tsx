// The one big action of a hunt: thumb-sized, high contrast, busy while the dart is in flight.
import { Button } from '@mantine/core';
import { IconTarget } from '@tabler/icons-react';
import type { UseObserve } from './useObserve';

export function ObserveButton({ observe, disabled = false }: { observe: UseObserve; disabled?: boolean }) {
  return (
    <Button
      size="xl"
      h={64}
      fullWidth
      radius="xl"
      color="red.8"
      leftSection={<IconTarget size={28} aria-hidden />}
      onClick={observe.observe}
      loading={observe.pending}
      disabled={disabled}
      // Mantine's loader replaces the label: keep the name for screen readers and tests.
      aria-label="Observe"
      aria-busy={observe.pending}
    >
      Observe
    </Button>
  );
}
