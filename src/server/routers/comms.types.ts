// Contracts of the comms router: inputs (path param + spec fields) and outputs.
import { z } from 'zod';
import { positiveId } from '../../domain/decimal';
import { ListMessagesFields, PositionFields, SendMessageFields } from '../../domain/comms-schemas';
import { PRECISION_TIERS } from '../../domain/geo-types';
import { MESSAGE_TYPES, QUICK_ACTIONS, RECIPIENT_TYPES, USER_ROLES } from '../../domain/rules';
import { SessionIdParam } from '../trpc';

const LatLng = z.object({ lat: z.number(), lng: z.number() });

export const MessageOutput = z.object({
  id: z.number().int(),
  userId: z.string().describe('Sender label: the hunter handle, the account username, or GAME MASTER for broadcasts'),
  username: z.string(),
  senderRole: z.enum(USER_ROLES),
  message: z.string(),
  messageType: z.enum(MESSAGE_TYPES),
  mediaType: z.enum(['image', 'video']).nullable(),
  mediaUrl: z.string().nullable(),
  recipientType: z.enum(RECIPIENT_TYPES),
  quickAction: z.enum(QUICK_ACTIONS).nullable(),
  location: LatLng.nullable().describe('The marked position of a mark_location quick action'),
  createdAt: z.string().describe('ISO 8601'),
  timestamp: z.number().int().describe('Milliseconds since the epoch'),
});

export const ListMessagesRequest = SessionIdParam.extend(ListMessagesFields);
export const SendMessageRequest = SessionIdParam.extend(SendMessageFields);
export const ReportPositionRequest = SessionIdParam.extend(PositionFields);

export const PositionOutput = z.object({
  accepted: z
    .boolean()
    .describe(
      'false when the fix implies more than 100 m/s from the last accepted one: it is ignored (not stored, not the ' +
        'position observations are measured from); the same place is accepted once it is reachable at 100 m/s',
    ),
  precision: z.enum(PRECISION_TIERS),
  stepMeters: z.number(),
  distanceTraveled: z.number().describe('Metres travelled in this session so far'),
  timestamp: z.number().int(),
});

export const HunterPositionOutput = z.object({
  userId: z.string(),
  playerId: z.number().int(),
  hunterName: z.string(),
  location: LatLng,
  accuracy: z.number(),
  precision: z.string(),
  distanceTraveled: z.number(),
  timestamp: z.number().int(),
});

export const EventsRequest = z.object({
  sessionId: positiveId('Invalid session id'),
  /** Set by tRPC's client on reconnect (the id of the last event received). */
  lastEventId: z.union([z.string(), z.number()]).nullish(),
});
