// The phone's "Achievement earned" toasts: their own stack, in the page's flow under the header
// (like the connection banner), so they never cover the header or the main actions (decision 760)
// and the observation's notice (which replaces the notice shown, lib/notify) never hides one.
// Each buzzes the phone once.
import { CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PayloadOf } from '../../../domain/contracts';
import { ACHIEVEMENT_TOAST_MS, ACHIEVEMENT_TOASTS_SHOWN, ACHIEVEMENT_VIBRATION_MS } from '../../../domain/rules';
import { AchievementBadge } from './AchievementBadge';

export type AchievementToast = { id: number; title: string; description: string; icon: string; tier: string };

/** The toast of an achievement_earned event's payload (the event's id keeps it from showing twice). */
export function toastFromPayload(id: number, p: Pick<PayloadOf<'achievement_earned'>, 'title' | 'description' | 'icon' | 'tier'>): AchievementToast {
  return { id, title: p.title, description: p.description, icon: p.icon, tier: p.tier };
}

export function useAchievementToasts() {
  const [items, setItems] = useState<AchievementToast[]>([]);
  const timers = useRef(new Map<number, number>());
  const dismiss = useCallback((id: number) => {
    setItems((list) => list.filter((t) => t.id !== id));
    window.clearTimeout(timers.current.get(id));
    timers.current.delete(id);
  }, []);
  const push = useCallback(
    (toast: AchievementToast) => {
      setItems((list) => (list.some((t) => t.id === toast.id) ? list : [...list, toast].slice(-ACHIEVEMENT_TOASTS_SHOWN)));
      timers.current.set(
        toast.id,
        window.setTimeout(() => dismiss(toast.id), ACHIEVEMENT_TOAST_MS),
      );
      // A short buzz where the phone allows it (not on iOS Safari, nor without a user gesture first).
      navigator.vibrate?.([...ACHIEVEMENT_VIBRATION_MS]);
    },
    [dismiss],
  );
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const t of pending.values()) window.clearTimeout(t);
    };
  }, []);
  return { items, push, dismiss };
}

export function AchievementToasts({ items, onDismiss }: { items: AchievementToast[]; onDismiss: (id: number) => void }) {
  if (items.length === 0) return null;
  return (
    <Stack gap={6} px="xs" py={6} aria-live="polite" data-testid="achievement-toasts">
      {items.map((t) => (
        <Paper
          key={t.id}
          withBorder
          shadow="md"
          radius="md"
          p="xs"
          role="status"
          data-testid="achievement-toast"
          w="100%"
          maw={520}
          mx="auto"
        >
          <Group gap="sm" wrap="nowrap" align="center">
            <AchievementBadge icon={t.icon} tier={t.tier} size={36} />
            <div style={{ flex: 1, minWidth: 0 }}>
              <Text fw={800} size="sm">
                Achievement earned: {t.title}
              </Text>
              <Text size="xs" c="dimmed">
                {t.description}
              </Text>
            </div>
            <CloseButton aria-label="Dismiss" onClick={() => onDismiss(t.id)} />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
