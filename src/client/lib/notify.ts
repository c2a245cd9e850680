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

/** The notice on screen, kept so that a full page load (a page without the app's router) can carry it on. */
let shown: { input: NotifyInput; at: number; until: number } | null = null;
const CARRIED_KEY = 'dinohunt:carried-notice';

export function notify({ title, description, variant = 'default', durationMs = TOAST_DURATION_MS }: NotifyInput) {
  shown = { input: { title, description, variant }, at: Date.now(), until: Date.now() + durationMs };
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

/**
 * Before a full page load (the landing and sign-in pages' own entries have no router: decisions 804, 851):
 * the notice on screen is handed to the next page, which shows it for the rest of its time
 * (showCarriedNotice), as in-app navigation keeps it on screen.
 */
export function carryNotice(): void {
  const left = shown ? shown.until - Date.now() : 0;
  if (!shown || left <= 0) return;
  try {
    sessionStorage.setItem(CARRIED_KEY, JSON.stringify({ ...shown.input, durationMs: left }));
  } catch {
    // Storage refused (private mode, full): the notice is not carried, nothing else changes.
  }
}

/** How long ago the notice on screen was shown, in ms (null: none shown on this page). */
export function noticeAge(): number | null {
  return shown ? Date.now() - shown.at : null;
}

/** Shows a notice the previous page carried over (carryNotice), once. */
export function showCarriedNotice(): void {
  let carried: NotifyInput | null = null;
  try {
    const raw = sessionStorage.getItem(CARRIED_KEY);
    if (raw === null) return;
    sessionStorage.removeItem(CARRIED_KEY);
    carried = JSON.parse(raw) as NotifyInput;
  } catch {
    return;
  }
  if (carried && typeof carried.title === 'string') notify(carried);
}
