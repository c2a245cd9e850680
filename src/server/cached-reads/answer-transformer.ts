// The server's tRPC transformer: superjson both ways, as the client's, with one saving: a kept answer's data
// (cache-step.ts) is serialized once, not on every read that hands it out. The answer is the same object on
// every hit, so its forms are kept beside it, for as long as the answer itself is (a WeakMap): its superjson
// form (tRPC's adapter and socket), and the texts the polled reads' door writes (polled-read-doors.ts): the
// REST body and the tRPC call's result. Kept answers are never changed once kept (every reader shares them),
// so the forms stay true.
import superjson from 'superjson';

type Serialized = ReturnType<typeof superjson.serialize>;

/** A kept answer's forms, each built by the first read that asks for it. */
type Forms = { superjson?: Serialized; json?: string; trpcResult?: string };

const keptAnswers = new WeakMap<object, Forms>();

/** Marks `data` as a kept answer's (`json`: its JSON text, when already made): its serialized forms will be kept with it. */
export function rememberAnswer(data: unknown, json?: string): void {
  if (data !== null && typeof data === 'object' && !keptAnswers.has(data)) keptAnswers.set(data, { json });
}

function formsOf(value: unknown): Forms | undefined {
  return value !== null && typeof value === 'object' ? keptAnswers.get(value) : undefined;
}

function serialize(value: unknown): Serialized {
  const forms = formsOf(value);
  if (!forms) return superjson.serialize(value);
  forms.superjson ??= superjson.serialize(value);
  return forms.superjson;
}

/** `JSON.stringify(data)`: the REST body trpc-to-openapi writes for it. */
export function jsonOf(data: unknown): string {
  const forms = formsOf(data);
  if (!forms) return JSON.stringify(data);
  forms.json ??= JSON.stringify(data);
  return forms.json;
}

/** One query call's item in a tRPC answer, as tRPC writes it: `{"result":{"data":<superjson form>}}`. */
export function trpcResultOf(data: unknown): string {
  const forms = formsOf(data);
  const text = () => `{"result":{"data":${JSON.stringify(serialize(data))}}}`;
  if (!forms) return text();
  forms.trpcResult ??= text();
  return forms.trpcResult;
}

export const answerTransformer = {
  input: superjson,
  output: { serialize, deserialize: (value: Serialized) => superjson.deserialize(value) },
};
