// One helper for the spec's toast notices: a default and a destructive variant,
// at most one visible (see main.tsx), 5000 ms by default.
import { notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '../../domain/rules';

export type NotifyInput = {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  durationMs?: number;
};

export function notify({ title, description, variant = 'default', durationMs = TOAST_DURATION_MS }: NotifyInput) {
  notifications.show({
    title,
    message: description ?? '',
    color: variant === 'destructive' ? 'red' : 'teal',
    autoClose: durationMs,
    withBorder: true,
    // Playwright and screen readers find the notice by this role.
    role: variant === 'destructive' ? 'alert' : 'status',
  });
}
