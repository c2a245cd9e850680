// Zod schemas of past hunts (issue 26, helper hunts): running a hunt again and the game
// master's saved layouts. Shared by HQ's forms and the server's inputs. Imports only zod and the rules.
import { z } from 'zod';
import { positiveId } from './decimal';
import { LAYOUT_NAME_MAX, MAX_LAYOUTS_PER_GM } from './rules';
import { CreateSessionInput } from './session-schemas';
import { cleanName } from './text-keys';

export const ARCHIVE_MESSAGES = {
  layoutNameRequired: 'Layout name is required',
  layoutNameTooLong: `Layout name must be at most ${LAYOUT_NAME_MAX} characters`,
  layoutNameTaken: 'You already have a layout with this name',
  layoutLimit: `Layout limit reached: at most ${MAX_LAYOUTS_PER_GM} saved layouts. Delete one to save another.`,
  layoutEmpty: 'This session has no play area and no dinosaurs to save',
  layoutNotFound: 'Layout not found',
  layoutNotPreparing: 'A layout can be applied only before the session starts',
  layoutInvalid: 'Invalid layout id',
  replayNotEnded: 'The replay opens once the hunt has ended',
  rerunNotEnded: 'Only an ended hunt can be run again',
} as const;

/** POST /game-sessions/{id}/run-again: a new name and password; everything else comes from the past hunt. */
export const RunAgainBody = CreateSessionInput.pick({ name: true, password: true });
export type RunAgainBody = z.infer<typeof RunAgainBody>;

const layoutName = z
  .string({ error: ARCHIVE_MESSAGES.layoutNameRequired })
  .trim()
  .min(1, ARCHIVE_MESSAGES.layoutNameRequired)
  .max(LAYOUT_NAME_MAX, ARCHIVE_MESSAGES.layoutNameTooLong)
  .transform(cleanName);

/** POST /gamemaster/layouts: save one of the caller's sessions' play area, no-go zones and dinosaurs under a name. */
export const SaveLayoutInput = z.object({
  sessionId: positiveId('Invalid session id'),
  name: layoutName,
});
export type SaveLayoutInput = z.infer<typeof SaveLayoutInput>;

/** POST /game-sessions/{id}/apply-layout. */
export const ApplyLayoutBody = z.object({
  layoutId: positiveId(ARCHIVE_MESSAGES.layoutInvalid),
});
export type ApplyLayoutBody = z.infer<typeof ApplyLayoutBody>;
