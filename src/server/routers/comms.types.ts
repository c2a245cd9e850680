// Contracts of the comms router: inputs (path param + spec fields) and outputs.
import { z } from 'zod';
import { positiveId } from '../../domain/decimal';
import { ListMessagesFields, PositionFields, SendMessageFields } from '../../domain/comms-schemas';
import { PRECISION_TIERS } from '../../domain/geo-types';
import { SessionIdParam } from '../trpc';

export { HunterPositionOutput, MessageOutput } from '../../domain/contracts';


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


export const EventsRequest = z.object({
  sessionId: positiveId('Invalid session id'),
  /** Set by tRPC's client on reconnect (the id of the last event received). */
  lastEventId: z.union([z.string(), z.number()]).nullish(),
});
