// One helper for the spec's toast notices: a default and a destructive variant,
// 5000 ms by default, and at most one visible: the newest replaces the one shown.
import { notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '../../domain/rules';

export type NotifyInput = {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  durationMs?: number;
};

export function notify({ title, description, variant = 'default', durationMs = TOAST_DURATION_MS }: NotifyInput) {
  // Mantine queues beyond its limit; a stale notice must never hide the current one.
  notifications.clean();
  notifications.show({
    title,
    message: description ?? '',
    color: variant === 'destructive' ? 'red' : 'jungle',
    autoClose: durationMs,
    withBorder: true,
    // Playwright and screen readers find the notice by this role.
    role: variant === 'destructive' ? 'alert' : 'status',
  });
}
