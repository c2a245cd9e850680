import { useHotkeys } from '@mantine/hooks';
import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';
import { TOAST_VIEWPORT_HOTKEY } from '../../domain/rules';

// The toast viewport (transitions, portal, swipe-to-dismiss) loads with the first notice, not with
// every page: notices wait in Mantine's store until it mounts and then show.
const NotificationsViewport = lazy(() =>
  import('./NotificationsViewport').then((m) => ({ default: m.NotificationsViewport })),
);

export function AppNotifications() {
  // The spec's toaster hotkey: F8 takes keyboard users to the notice on screen (its close button).
  // F8 types nothing, so it works from inside form fields too (no ignored tags).
  useHotkeys(
    [[TOAST_VIEWPORT_HOTKEY, () => document.querySelector<HTMLElement>('.mantine-Notification-root button')?.focus()]],
    [],
  );
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <NotificationsViewport />
    </Suspense>
  ) : null;
}
