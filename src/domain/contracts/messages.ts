// A communication as the API answers it: the comms reads (REST and tRPC) and the new_communication event.
import { z } from 'zod';
import { MESSAGE_TYPES, QUICK_ACTIONS, RECIPIENT_TYPES, USER_ROLES } from '../rules';
import { LatLng } from './shared';

export const MessageOutput = z.object({
  id: z.number().int(),
  userId: z.string().describe('Sender label: the hunter handle, the account username, or GAME MASTER for broadcasts'),
  username: z.string(),
  senderRole: z.enum(USER_ROLES),
  message: z.string(),
  messageType: z.enum(MESSAGE_TYPES),
  mediaType: z.enum(['image', 'video']).nullable(),
  mediaUrl: z.string().nullable(),
  recipientType: z.enum(RECIPIENT_TYPES).describe("'team': to one team's channel (teamId), read by that team and headquarters only"),
  teamId: z.number().int().nullable().describe("The team whose channel the message is in (recipientType 'team'); null otherwise"),
  quickAction: z.enum(QUICK_ACTIONS).nullable(),
  location: LatLng.nullable().describe('The marked position of a mark_location quick action'),
  createdAt: z.string().describe('ISO 8601'),
  timestamp: z.number().int().describe('Milliseconds since the epoch'),
});
export type MessageOutput = z.infer<typeof MessageOutput>;
