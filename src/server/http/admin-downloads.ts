// System controls: GET /api/admin/backup (a consistent online copy of the SQLite
// database) and GET /api/admin/analytics.csv (sessions, hunters, observations).
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../deps';
import { registerOpenApiPaths } from '../openapi';
import { cookieSecurity as security, errorResponses } from './openapi-errors';
import { analyticsCsv, createBackup } from '../services/admin-exports';
import { requireAdmin } from './admin-uploads';

const attachment = (fileName: string) => `attachment; filename="${fileName}"`;

export function adminDownloadRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/api/admin/backup', async (request, reply) => {
    await requireAdmin(deps, request, reply);
    const backup = await createBackup(deps);
    const { size } = await fs.promises.stat(backup.file);
    const stream = fs.createReadStream(backup.file);
    // Remove the temporary copy once it has been sent (or the client went away).
    reply.raw.once('close', () => void backup.cleanup());
    return reply
      .header('content-type', 'application/vnd.sqlite3')
      .header('content-disposition', attachment(backup.fileName))
      .header('content-length', size)
      .header('cache-control', 'no-store')
      .send(stream);
  });

  app.get('/api/admin/analytics.csv', async (request, reply) => {
    await requireAdmin(deps, request, reply);
    const { csv, fileName } = await analyticsCsv(deps);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', attachment(fileName))
      .header('cache-control', 'no-store')
      .send(`\uFEFF${csv}`);
  });
}

const denied = errorResponses({ 401: 'Not signed in', 403: 'Not an admin' });

registerOpenApiPaths({
  '/admin/backup': {
    get: {
      operationId: 'admin-backup',
      tags: ['admin'],
      summary: 'Download a consistent online backup of the SQLite database (admin)',
      description:
        'Answers a copy of the whole database taken while the server runs, as a file attachment. Admins only: 401 without a sign-in, 403 for anyone else.',
      security,
      responses: {
        200: {
          description: 'The database file (attachment)',
          content: { 'application/vnd.sqlite3': { schema: z.string().meta({ format: 'binary' }) } },
        },
        ...denied,
      },
    },
  },
  '/admin/analytics.csv': {
    get: {
      operationId: 'admin-analyticsCsv',
      tags: ['admin'],
      summary: 'Download sessions, hunters and observations as one CSV (admin)',
      description:
        'One row per record; the first column `record` is session, hunter or observation. Admins only: 401 without a sign-in, 403 for anyone else.',
      security,
      responses: {
        200: { description: 'CSV (UTF-8 with BOM, attachment)', content: { 'text/csv': { schema: z.string() } } },
        ...denied,
      },
    },
  },
});
