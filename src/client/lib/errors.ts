// Reading errors the way the spec's client does, for tRPC and REST alike.
import type { TRPCClientError } from '@trpc/client';
import { UNAUTHORIZED_REDIRECT_MS } from '../../domain/rules';
import { notify } from './notify';

/**
 * A tRPC client error, told by its name rather than `instanceof`: importing the class would bring the
 * tRPC client into pages that only use the REST door (the sign-in page, issue #25).
 */
function isTrpcError(error: unknown): error is TRPCClientError<never> {
  return error instanceof Error && error.name === 'TRPCClientError';
}

/** The server's human message: its `error` field, else the body text, else the status. */
export function errorMessage(error: unknown, fallback = 'An error occurred'): string {
  if (isTrpcError(error)) return error.message || fallback;
  if (error instanceof Error) return error.message || fallback;
  return fallback;
}

export function errorStatus(error: unknown): number | undefined {
  if (isTrpcError(error)) return (error.data as { httpStatus?: number } | undefined)?.httpStatus;
  if (error instanceof ApiError) return error.status;
  return undefined;
}

/**
 * The session a hunter was removed from by its game master (decision 836): the server's 403 for
 * every request of a removed hunter names it in `removedFrom`; null for any other error.
 */
export function removedFrom(error: unknown): string | null {
  if (!isTrpcError(error)) return null;
  const name = (error.shape as { removedFrom?: unknown } | undefined)?.removedFrom;
  return typeof name === 'string' ? name : null;
}

/** The field messages of a validation failure, keyed by field name. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (isTrpcError(error)) {
    return ((error.data as { fieldErrors?: Record<string, string> } | undefined)?.fieldErrors ?? {}) as Record<
      string,
      string
    >;
  }
  if (error instanceof ApiError) return error.fieldErrors;
  return {};
}

/** The spec's rule: a 401 whose message says Unauthorized means the session is gone. */
export function isUnauthorized(error: unknown): boolean {
  return errorStatus(error) === 401 && /unauthorized/i.test(errorMessage(error));
}

let redirecting = false;
/**
 * Set while this browser's sign-in is being replaced on purpose (a guest keeping its achievements
 * becomes an account, decision 832): the old sign-in's requests and socket ending then are expected,
 * not a logout. The caller reloads into the new sign-in afterwards, or calls the returned function.
 */
let signInChanging = false;
export function expectSignInChange(): () => void {
  signInChanging = true;
  return () => {
    signInChanging = false;
  };
}

/** Shows the spec's notice and goes to /api/login (which redirects to /login) after 0.5 s. */
export function handleUnauthorized(): void {
  if (redirecting || signInChanging) return;
  redirecting = true;
  notify({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
  window.setTimeout(() => {
    window.location.href = '/api/login';
  }, UNAUTHORIZED_REDIRECT_MS);
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
    readonly fieldErrors: Record<string, string> = {},
  ) {
    super(message);
  }
}
