// Limits of the HTTP door: body size and depth, tRPC URL lengths, health-check and storage answers.
// The server's plumbing, not game rules (those are in src/domain/rules.ts).

import { TRPC_BATCH_URL_MAX } from '../../domain/transport';

/** Longest procedure list of one batched call the server routes (`/trpc/a.b,c.d,...`, Fastify's maxParamLength). */
export const TRPC_BATCH_PATH_MAX = TRPC_BATCH_URL_MAX;
/** Longest GET /trpc URL (path and input) served; longer ones answer 414. The client splits at TRPC_BATCH_URL_MAX. */
export const TRPC_GET_URL_MAX = 2 * TRPC_BATCH_URL_MAX;
/**
 * Largest JSON body on REST and /trpc (bytes). The largest body our screens send is a mission
 * at every schema maximum (about 11 KB of ASCII; decision 711); 16 KB leaves room for tRPC's
 * batch and superjson wrapping. Multipart uploads have their own limits.
 */
export const MAX_JSON_BODY_BYTES = 16 * 1024;
/** Deeper than any of our inputs by far (the deepest is 4); deeper bodies are refused before parsing. */
export const MAX_JSON_DEPTH = 32;
/** Retry-After (seconds) of the 503 a download answers while the file store (S3) cannot be reached. */
export const STORAGE_RETRY_AFTER_SECONDS = 5;
/** /readyz: the database must answer a trivial query within this long, or the process reads as not ready. */
export const READY_DATABASE_TIMEOUT_MS = 1000;
