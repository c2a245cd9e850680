import { useNotifications } from '@mantine/notifications';
import { type ComponentType, useEffect, useState } from 'react';
import { TOAST_VIEWPORT_HOTKEY } from '../../domain/rules';
import { onFirstInteraction } from '../lib/firstInteraction';
import { showCarriedNotice } from '../lib/notify';

// The toast viewport (transitions, portal, swipe-to-dismiss) is not part of a page's first load: it is
// fetched on the visitor's first interaction, or at once by the first notice (notices
// wait in Mantine's store until it mounts). Mounted as soon as it is here, so a notice shown just
// before a navigation (the join welcome) is on screen before the next page's notices replace it.
const loadViewport = () => import('./NotificationsViewport');

export function AppNotifications() {
  // The spec's toaster hotkey: F8 takes keyboard users to the notice on screen (its close button).
  // F8 types nothing, so it works from inside form fields too (no ignored tags).
  // A plain listener rather than Mantine's useHotkeys (its key-combination parser, on every page: issue #25).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== TOAST_VIEWPORT_HOTKEY || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      event.preventDefault();
      document.querySelector<HTMLElement>('.mantine-Notification-root button')?.focus();
    };
    document.documentElement.addEventListener('keydown', onKey);
    return () => document.documentElement.removeEventListener('keydown', onKey);
  }, []);
  // A notice the previous page showed right before a full load (its sign-in welcome) goes on here.
  useEffect(showCarriedNotice, []);
  const { notifications, queue } = useNotifications();
  const hasNotice = notifications.length + queue.length > 0;
  const [Viewport, setViewport] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (Viewport) return;
    // A failed download (offline before the service worker cached it) is retried by the next notice.
    const show = () =>
      void loadViewport()
        .then((m) => setViewport(() => m.NotificationsViewport))
        .catch(() => {});
    if (hasNotice) return show();
    // Otherwise on the visitor's first touch, click or key (issue #25): a page nobody acts on (a
    // landing page read and left) does not download it, and one acted on has it before any answer.
    return onFirstInteraction(show);
  }, [Viewport, hasNotice]);
  return Viewport ? <Viewport /> : null;
}
