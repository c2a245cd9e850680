import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import { TOAST_LIMIT } from '../../domain/rules';

/**
 * Toasts at the top, on phones too: at the bottom they covered a dialog's
 * buttons (the toast that reports a failed save sat over Save and Cancel).
 */
export function NotificationsViewport() {
  return <Notifications limit={TOAST_LIMIT} position="top-center" zIndex={4000} />;
}
