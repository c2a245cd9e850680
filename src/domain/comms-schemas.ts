// Zod schemas of communications and positions, shared by client forms and server
// inputs. This file imports only zod, the rules and the decimal helper.
import { z } from 'zod';
import { decimalToNumber, positiveId } from './decimal';
import {
  COMMS_MAX_PAGE_SIZE,
  MAX_MESSAGE_LENGTH,
  MAX_REPORTED_ACCURACY_M,
  MESSAGE_TYPES,
  QUICK_ACTIONS,
  RECIPIENT_TYPES,
} from './rules';

export const COMMS_MESSAGES = {
  messageRequired: 'Message cannot be empty',
  messageTooLong: `Message must be at most ${MAX_MESSAGE_LENGTH} characters`,
  messageType: `Message type must be one of ${MESSAGE_TYPES.join(', ')}`,
  recipientType: `Recipient must be one of ${RECIPIENT_TYPES.join(', ')}`,
  quickAction: `Quick action must be one of ${QUICK_ACTIONS.join(', ')}`,
  latitude: 'Latitude must be a number between -90 and 90',
  longitude: 'Longitude must be a number between -180 and 180',
  accuracy: `Accuracy must be a positive number of metres, at most ${MAX_REPORTED_ACCURACY_M}`,
  pageId: 'Message ids are positive whole numbers',
  pageLimit: `limit must be a whole number from 1 to ${COMMS_MAX_PAGE_SIZE}`,
} as const;

/** The text of a message as a form validates it: trimmed, not empty, bounded. */
export const MessageText = z
  .string({ error: COMMS_MESSAGES.messageRequired })
  .trim()
  .min(1, COMMS_MESSAGES.messageRequired)
  .max(MAX_MESSAGE_LENGTH, COMMS_MESSAGES.messageTooLong);

export const MessageType = z.enum(MESSAGE_TYPES, { error: COMMS_MESSAGES.messageType });
export const RecipientType = z.enum(RECIPIENT_TYPES, { error: COMMS_MESSAGES.recipientType });
export const QuickAction = z.enum(QUICK_ACTIONS, { error: COMMS_MESSAGES.quickAction });

export const Latitude = z.number({ error: COMMS_MESSAGES.latitude }).min(-90, COMMS_MESSAGES.latitude).max(90, COMMS_MESSAGES.latitude);
export const Longitude = z
  .number({ error: COMMS_MESSAGES.longitude })
  .min(-180, COMMS_MESSAGES.longitude)
  .max(180, COMMS_MESSAGES.longitude);
export const LatLngInput = z.object({ lat: Latitude, lng: Longitude });

/**
 * POST /api/game-sessions/{id}/communications. `message` may be left out only for
 * a quick action (the server then stores the action's standard text); the
 * server trims it and refuses empty text. `userId` is accepted for compatibility
 * and ignored: the sender is the signed-in caller.
 */
export const SendMessageFields = {
  message: z
    .string({ error: COMMS_MESSAGES.messageRequired })
    .max(MAX_MESSAGE_LENGTH, COMMS_MESSAGES.messageTooLong)
    .optional(),
  type: MessageType.optional(),
  messageType: MessageType.optional(),
  recipientType: RecipientType.optional(),
  quickAction: QuickAction.optional(),
  location: LatLngInput.optional(),
  /**
   * recipientType 'team': the team whose channel it goes to. Headquarters names it; a hunter writes to
   * their own team and may leave it out (another team's id is refused).
   */
  teamId: positiveId('Invalid team id').optional(),
  userId: z.union([z.string(), z.number()]).optional(),
};
export const SendMessageInput = z.object(SendMessageFields);
export type SendMessageInput = z.infer<typeof SendMessageInput>;

const PageId = z.preprocess(
  decimalToNumber,
  z.number({ error: COMMS_MESSAGES.pageId }).int(COMMS_MESSAGES.pageId).min(0, COMMS_MESSAGES.pageId),
);

/** GET /api/game-sessions/{id}/communications query: newest last. */
export const ListMessagesFields = {
  afterId: PageId.optional(),
  beforeId: PageId.optional(),
  limit: z.coerce
    .number({ error: COMMS_MESSAGES.pageLimit })
    .int(COMMS_MESSAGES.pageLimit)
    .min(1, COMMS_MESSAGES.pageLimit)
    .max(COMMS_MAX_PAGE_SIZE, COMMS_MESSAGES.pageLimit)
    .optional(),
};
export const ListMessagesInput = z.object(ListMessagesFields);
export type ListMessagesInput = z.infer<typeof ListMessagesInput>;

/** A position report (REST, tRPC and the /ws hunter_location frame). */
export const PositionFields = {
  lat: Latitude,
  lng: Longitude,
  accuracy: z
    .number({ error: COMMS_MESSAGES.accuracy })
    .positive(COMMS_MESSAGES.accuracy)
    .max(MAX_REPORTED_ACCURACY_M, COMMS_MESSAGES.accuracy),
  /** The client's precision tier (ultra_high, high_smoothed, high, standard); the server never takes a better one than the accuracy allows. */
  precision: z.string().max(32).optional(),
  /** The client's fix time (ms), informative only: the server stamps positions with its own clock. */
  timestamp: z.number().optional(),
};
export const PositionInput = z.object(PositionFields);
export type PositionInput = z.infer<typeof PositionInput>;
