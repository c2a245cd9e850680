// The spec's communication notices (section 8), exactly, and one failure handler.
import { errorMessage, errorStatus, isUnauthorized } from '../../lib/errors';
import { notify } from '../../lib/notify';

export const COMMS_NOTICES = {
  noSession: 'No active session',
  sendFailedTitle: 'Send Failed',
  sendFailed: 'Failed to send message. Please try again.',
  broadcastFailed: 'Failed to broadcast message',
  uploadFailed: 'Upload failed',
  noFile: 'No file selected',
  invalidTypeTitle: 'Invalid file type',
  invalidType: 'Only .jpg photos and .mp4 videos are allowed',
  tooLargeTitle: 'File too large',
  tooLarge: 'Files must be under 50MB',
} as const;

/** Status of the server's write limit (too many messages or uploads a minute). */
const TOO_MANY_REQUESTS = 429;

export function notifyNoSession() {
  notify({ title: COMMS_NOTICES.noSession, variant: 'destructive' });
}

/**
 * A message or quick action that did not go out. Unauthorized is left to the
 * QueryClient (its own notice and redirect); a 429 shows the server's message,
 * which says how long to wait; anything else the spec's wording.
 */
export function notifySendFailure(error: unknown, broadcast = false) {
  if (isUnauthorized(error)) return;
  if (errorStatus(error) === TOO_MANY_REQUESTS) {
    notify({
      title: broadcast ? COMMS_NOTICES.broadcastFailed : COMMS_NOTICES.sendFailedTitle,
      description: errorMessage(error),
      variant: 'destructive',
    });
    return;
  }
  if (broadcast) notify({ title: COMMS_NOTICES.broadcastFailed, variant: 'destructive' });
  else notify({ title: COMMS_NOTICES.sendFailedTitle, description: COMMS_NOTICES.sendFailed, variant: 'destructive' });
}
