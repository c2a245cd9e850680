// System controls: GET /api/admin/backup (the portable backup, decision 867) and
// GET /api/admin/analytics.csv (sessions, hunters, observations).
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
      .header('content-type', backup.contentType)
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
      summary: 'Download a portable backup of the database (admin)',
      description:
        'Answers every table but sign-ins, read in one consistent snapshot while the server runs, as gzip\'d JSON lines (a header line, then one line per row) in a file attachment; `npm run db:restore` reads it into SQLite or PostgreSQL. Admins only: 401 without a sign-in, 403 for anyone else.',
      security,
      responses: {
        200: {
          description: 'The backup file (attachment, gzip)',
          content: { 'application/gzip': { schema: z.string().meta({ format: 'binary' }) } },
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
