// 'Schedule Mission Start': a date-time not in the past (live-play spec, sections 2 and 5).
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { checkScheduledStart, toDateTimeLocal } from '../../../domain/mission-control';

type Props = { opened: boolean; onClose: () => void; onSchedule: (at: number) => void; pending: boolean };

export function ScheduleDialog({ opened, onClose, onSchedule, pending }: Props) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [min, setMin] = useState(() => toDateTimeLocal(Date.now()));

  useEffect(() => {
    if (!opened) return;
    setMin(toDateTimeLocal(Date.now()));
    setError(null);
  }, [opened]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const check = checkScheduledStart(value, Date.now());
    if (!check.ok) {
      setError(check.message);
      return;
    }
    onSchedule(check.at);
    onClose();
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Schedule Mission Start" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            type="datetime-local"
            label="Start date and time"
            description="Your local time. The session starts by itself then."
            min={min}
            value={value}
            onChange={(e) => {
              setValue(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            required
            data-autofocus
          />
          <Text size="sm" c="dimmed">
            Hunters can join and read the briefing before the start; the countdown begins at the scheduled time.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              Schedule
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
