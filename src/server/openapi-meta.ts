// What every REST operation must say about itself (decision 840). The tRPC builder
// takes this meta type, so a procedure with a REST path but without a summary, a
// description or tags does not compile; openapi.test.ts checks the served document
// too, plain routes (uploads, downloads, webhook) included.
import type { OpenApiMeta } from 'trpc-to-openapi';

/**
 * Examples a third-party developer copies from /api/docs. `request` is the call's
 * input as one object (path and query parameters by name, the rest is the JSON
 * body); `response` is the 200 answer. openapi.ts places them in the document,
 * where Spectral checks each against its schema.
 */
export type OperationExamples = { request?: Record<string, unknown>; response?: unknown };

export type DinohuntOpenApi = NonNullable<OpenApiMeta['openapi']> & {
  /** One line: what the call does. */
  summary: string;
  /** A sentence or two: what it does, who may call it, and its failure answers. */
  description: string;
  tags: string[];
  examples?: OperationExamples;
};

export type DinohuntMeta = { openapi?: DinohuntOpenApi };
