// One domain error type. Services throw it; the tRPC error formatter and the
// plain route handlers turn it into `{ error }` with the matching status.
import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { isDatabaseUnavailable, isStorageFull } from './db/errors';

const CODE_BY_STATUS = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  402: 'PAYMENT_REQUIRED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
  // No tRPC code of its own: a tRPC client reads it as SERVICE_UNAVAILABLE (try again later), with
  // data.httpStatus 507; the REST doors answer 507 from AppError.status.
  507: 'SERVICE_UNAVAILABLE',
} as const satisfies Record<number, TRPC_ERROR_CODE_KEY>;

export type ErrorStatus = keyof typeof CODE_BY_STATUS;

export class AppError extends TRPCError {
  readonly status: ErrorStatus;
  /** Extra fields that REST clients read beside `error` (e.g. contactRequired). */
  readonly details: Record<string, unknown> | undefined;

  constructor(status: ErrorStatus, message: string, details?: Record<string, unknown>) {
    super({ code: CODE_BY_STATUS[status], message });
    this.status = status;
    this.details = details;
  }
}

export const badRequest = (message: string, details?: Record<string, unknown>) => new AppError(400, message, details);
export const unauthorized = (message = 'Unauthorized') => new AppError(401, message);
export const forbidden = (message = 'Forbidden', details?: Record<string, unknown>) => new AppError(403, message, details);
export const notFound = (message = 'Not found') => new AppError(404, message);
export const conflict = (message: string, details?: Record<string, unknown>) => new AppError(409, message, details);
export const tooLarge = (message: string) => new AppError(413, message);
export const tooManyRequests = (message: string, details?: Record<string, unknown>) => new AppError(429, message, details);

export const STATUS_BY_CODE: Record<string, number> = Object.fromEntries(
  Object.entries(CODE_BY_STATUS)
    .filter(([status]) => status !== '507')
    .map(([status, code]) => [code, Number(status)]),
);

/** The HTTP status of any tRPC error: an AppError's own (507 shares its code with 503), else its code's. */
export function statusOf(error: TRPCError): number | undefined {
  return error instanceof AppError ? error.status : STATUS_BY_CODE[error.code];
}

/** Seconds a client waits before trying again while the database is away (a restart takes a few). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable. Please try again in a moment.';
export const STORAGE_FULL_MESSAGE = "The server's storage is full, so nothing was saved. Please try again later.";

/**
 * What the client hears when the infrastructure failed rather than the request (issue #48): the
 * database unreachable (restarting, stopped, cut off) is a 503 with Retry-After, a full disk a 507;
 * undefined for any other error. Every door maps through this one function (trpc.ts's root
 * middleware and context, the hot reads, the plain routes' error handler).
 */
export function faultError(err: unknown): AppError | undefined {
  if (err instanceof AppError) return undefined;
  // A full disk first: a write that fails for space is not a connection problem, whatever else it says.
  if (isStorageFull(err)) return Object.assign(new AppError(507, STORAGE_FULL_MESSAGE), { cause: err });
  if (isDatabaseUnavailable(err)) {
    return Object.assign(new AppError(503, DATABASE_UNAVAILABLE_MESSAGE, { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS }), { cause: err });
  }
  return undefined;
}

/** Sets Retry-After for an error that names one (a 429's or a 503's retryAfterSeconds). */
export function setRetryAfter(error: AppError, setHeader: ((name: string, value: string) => void) | undefined): void {
  const seconds = error.details?.retryAfterSeconds;
  if (typeof seconds === 'number') setHeader?.('retry-after', String(seconds));
}

type Issue = { path: PropertyKey[]; message: string };

function zodIssues(cause: unknown): Issue[] | null {
  if (cause && typeof cause === 'object' && (cause as Error).name === 'ZodError' && 'issues' in cause) {
    return (cause as { issues: Issue[] }).issues;
  }
  return null;
}

/** Field name -> first message, for forms; and the first message as the human text. */
export function describeError(error: TRPCError): {
  message: string;
  fieldErrors?: Record<string, string>;
  details?: Record<string, unknown>;
} {
  const issues = zodIssues(error.cause);
  if (issues && issues.length > 0) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of issues) {
      const key = issue.path.map(String).join('.') || '_';
      fieldErrors[key] ??= issue.message;
    }
    return { message: issues[0]!.message, fieldErrors };
  }
  if (error instanceof AppError) {
    // A service may name the field at fault (e.g. a taken username) so forms can mark it.
    const { fieldErrors, ...details } = (error.details ?? {}) as { fieldErrors?: Record<string, string> };
    return { message: error.message, fieldErrors, details: Object.keys(details).length > 0 ? details : undefined };
  }
  if (error.code === 'INTERNAL_SERVER_ERROR') return { message: 'An unexpected error occurred' };
  if (error.code === 'PARSE_ERROR') return { message: 'Malformed request body' };
  // trpc-to-openapi's own wording is half-quoted ('Unsupported content-type "text/plain'): say it as Fastify's door does.
  if (error.code === 'UNSUPPORTED_MEDIA_TYPE') return { message: 'Unsupported content type' };
  return { message: error.message };
}
