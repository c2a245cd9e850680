// The server's tRPC transformer: superjson both ways, as the client's, with one saving: a kept answer's data
// (cache-step.ts) is serialized once, not on every read that hands it out. The answer is the same object on
// every hit, so its superjson form is kept beside it, for as long as the answer itself is (a WeakMap).
// Kept answers are never changed once kept (every reader shares them), so the form stays true.
import superjson from 'superjson';

type Serialized = ReturnType<typeof superjson.serialize>;

/** Kept answers' data, and its superjson form once a tRPC read has asked for it (null until then). */
const serializedAnswers = new WeakMap<object, Serialized | null>();

/** Marks `data` as a kept answer's: its superjson form will be kept with it. */
export function rememberAnswer(data: unknown): void {
  if (data !== null && typeof data === 'object' && !serializedAnswers.has(data)) serializedAnswers.set(data, null);
}

function serialize(value: unknown): Serialized {
  if (value === null || typeof value !== 'object') return superjson.serialize(value);
  const kept = serializedAnswers.get(value);
  if (kept === undefined) return superjson.serialize(value);
  if (kept !== null) return kept;
  const serialized = superjson.serialize(value);
  serializedAnswers.set(value, serialized);
  return serialized;
}

export const answerTransformer = {
  input: superjson,
  output: { serialize, deserialize: (value: Serialized) => superjson.deserialize(value) },
};
