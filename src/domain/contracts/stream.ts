// What a session's live stream (the tRPC subscription comms.events) hands a subscriber: each event
// with its id and session and the time of the change, never its audience; or, instead of a replay
// too long to send, a 'resync' (decision 700).
import { z } from 'zod';
import type { AppEvent } from './events';

/** The answer to a resume too far behind to replay: reload what the screen shows, then follow live events. */
export const ResyncNotice = z.object({
  type: z.literal('resync'),
  payload: z.object({ resumeFrom: z.number().int(), reason: z.string() }),
});
export type ResyncNotice = z.infer<typeof ResyncNotice>;

/** Where an item of the stream sits: its event id (the resume cursor), its session, the server time of the change. */
type StreamPlace = { id: number; sessionId: number; timestamp: number };

/** One event of the stream, as the client applies it. */
export type LiveEvent = StreamPlace & AppEvent;

/** One item of the stream: an event, or a resync notice. */
export type StreamEvent = LiveEvent | (StreamPlace & ResyncNotice);
