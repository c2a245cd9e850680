// A hot read's input, as its door found it: the request's URL, which determines it entirely
// (path parameters and query for REST, the `input` parameter for tRPC), and how to read it.
// The input schemas are pure, so an input validated once for a URL is the input for that URL
// next time: a poll repeats its URL every few seconds, and then neither the door's parsing
// nor zod run again. Only valid inputs are kept (frozen: answers share them); a bad one is
// parsed and refused every time, with the schema's own error.
export type HotInput = {
  /** The request's URL (path and query), or undefined when the input must not be kept. */
  url: string | undefined;
  /** The raw input, before validation (read only on a miss, and for an error's shape). */
  read: () => unknown;
};

/** Kept inputs per schema; the oldest goes first past this many. */
export const HOT_INPUTS_MAX = 10_000;

type Schema = { parse(value: unknown): unknown };

export class ValidatedInputs {
  private readonly bySchema = new Map<Schema, Map<string, unknown>>();

  constructor(private readonly max = HOT_INPUTS_MAX) {}

  /** `schema.parse` of the input, once per URL; throws what the schema throws. */
  parse(schema: Schema, input: HotInput): unknown {
    let kept = this.bySchema.get(schema);
    if (input.url !== undefined) {
      const hit = kept?.get(input.url);
      if (hit !== undefined) return hit;
    }
    const parsed = schema.parse(input.read());
    if (input.url === undefined || parsed === null || typeof parsed !== 'object') return parsed;
    if (!kept) {
      kept = new Map();
      this.bySchema.set(schema, kept);
    }
    kept.set(input.url, Object.freeze(parsed));
    if (kept.size > this.max) kept.delete(kept.keys().next().value as string);
    return parsed;
  }
}
