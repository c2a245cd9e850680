import { useHotkeys } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { TOAST_LIMIT, TOAST_VIEWPORT_HOTKEY } from '../../domain/rules';

/**
 * Toasts at the top, on phones too: at the bottom they covered a dialog's
 * buttons (the toast that reports a failed save sat over Save and Cancel).
 */
export function AppNotifications() {
  // The spec's toaster hotkey: F8 takes keyboard users to the notice on screen (its close button).
  // F8 types nothing, so it works from inside form fields too (no ignored tags).
  useHotkeys(
    [[TOAST_VIEWPORT_HOTKEY, () => document.querySelector<HTMLElement>('.mantine-Notification-root button')?.focus()]],
    [],
  );
  return <Notifications limit={TOAST_LIMIT} position="top-center" zIndex={4000} />;
}
