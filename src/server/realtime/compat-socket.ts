// The specification's compatibility socket at /ws (JSON events).
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';

export function registerCompatSocket(app: FastifyInstance, _deps: AppDeps): void {
  app.get('/ws', { websocket: true }, (socket) => {
    socket.on('message', () => {
      socket.send(JSON.stringify({ type: 'error', error: 'Not available yet' }));
    });
  });
}
