// The `{ error }` body of the plain routes' failures, as one named schema
// (components/schemas/Error) so generated clients get one error type.
import { z } from 'zod';

export const ApiError = z
  .object({
    error: z.string().describe('The human-readable message'),
    message: z.string().optional().describe('More detail, when there is some'),
    data: z
      .object({ fieldErrors: z.record(z.string(), z.string()).describe('Field name -> its message') })
      .partial()
      .loose()
      .optional(),
    retryAfterSeconds: z.number().int().optional().describe('On 429 from uploads: seconds until the next one is accepted'),
  })
  .loose()
  .meta({ id: 'Error', description: 'An error answer. Read `error`; validation failures also map each field to its message.' });

/** One documented failure status of a plain route. */
export const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ApiError } },
});

/** `{ 401: ..., 403: ... }` from `{ 401: 'Not signed in', ... }`. */
export const errorResponses = (statuses: Record<number, string>) =>
  Object.fromEntries(Object.entries(statuses).map(([status, description]) => [status, errorResponse(description)]));

export const cookieSecurity = [{ sessionCookie: [] }];
