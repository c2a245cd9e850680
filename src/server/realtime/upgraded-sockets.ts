// Memory of long-lived sockets. Node's HTTP server hands each upgraded connection a
// ServerResponse that stays attached to the TCP socket (socket._httpMessage) for the
// socket's whole life, and with it the upgrade request, its headers and the response
// headers set by the hooks (helmet's policy strings): a few KB per socket, never used
// again once the 101 answer is written. Detaching it (what the HTTP server itself does
// when a response ends) lets them go, for /ws and tRPC's socket alike.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

type UpgradedSocket = Socket & { _httpMessage?: ServerResponse | null };

export function releaseUpgradeResponses(app: FastifyInstance): void {
  app.websocketServer.on('connection', (_ws: unknown, request: IncomingMessage) => {
    const tcp = request.socket as UpgradedSocket;
    const response = tcp._httpMessage;
    if (response && typeof response.detachSocket === 'function') response.detachSocket(tcp);
  });
}
