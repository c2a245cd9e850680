// Errors raised outside tRPC (Fastify itself, plain routes) in the same `{ error }` shape.
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, faultError, setRetryAfter } from '../errors';

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON body',
  FST_REQ_FILE_TOO_LARGE: 'File too large',
  FST_FILES_LIMIT: 'Too many files',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Expected a multipart/form-data body',
};

/** The multipart parser (busboy) throws plain errors for bodies that are not valid multipart. */
const MALFORMED_MULTIPART = /^(Multipart: |Unexpected end of (form|multipart)|Malformed (part header|urlencoded form))/;

export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError, request, reply) => {
    // The database away or the disk full under a plain route (an upload, a download's access check): 503/507.
    const err = faultError(thrown) ?? thrown;
    if (err instanceof AppError) {
      setRetryAfter(err, (name, value) => reply.header(name, value));
      // A 503 with a cause (the file store unreachable) is the operator's business: logged with it.
      if (err.status >= 500 && err.cause) request.log.error({ err: err.cause }, err.message);
      // Same shape as the tRPC door: field messages under data.fieldErrors.
      const { fieldErrors, ...details } = (err.details ?? {}) as { fieldErrors?: Record<string, string> };
      return reply.status(err.status).send({ error: err.message, ...details, ...(fieldErrors ? { data: { fieldErrors } } : {}) });
    }
    if (MALFORMED_MULTIPART.test(err.message ?? '')) {
      return reply.status(400).send({ error: 'Malformed multipart body' });
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) request.log.error({ err }, 'unhandled error');
    const message =
      status === 500 ? 'An unexpected error occurred' : (FASTIFY_MESSAGES[err.code] ?? err.message ?? 'Bad request');
    return reply.status(status).send({ error: message });
  });
}
