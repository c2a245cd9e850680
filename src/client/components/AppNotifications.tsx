import { Notifications } from '@mantine/notifications';
import { useMediaQuery } from '@mantine/hooks';
import { TOAST_LIMIT } from '../../domain/rules';

/** Toasts at the top on desktop; at the bottom on phones, where the top holds the header's controls. */
export function AppNotifications() {
  const phone = useMediaQuery('(max-width: 48em)');
  return <Notifications limit={TOAST_LIMIT} position={phone ? 'bottom-center' : 'top-center'} zIndex={4000} />;
}
