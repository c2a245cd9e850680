import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/routers';

/** A message as GET /api/game-sessions/{id}/communications returns it. */
export type CommsMessage = inferRouterOutputs<AppRouter>['comms']['list'][number];
export type RecipientType = CommsMessage['recipientType'];
export type MessageType = CommsMessage['messageType'];
export type LatLng = { lat: number; lng: number };
