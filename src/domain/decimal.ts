// Numbers that arrive as text (path and query parameters, multipart fields,
// numeric strings in JSON bodies): plain decimal notation only. Imports only zod.
import { z } from 'zod';

/**
 * Plain decimal notation only: an optional sign, digits, an optional fraction.
 * `Number()` alone would also read "0x10", "1e2", "Infinity", "0b1" and " 1".
 */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d+)?|\.\d+)$/;

/** A string in plain decimal notation becomes its number; anything else is left for the schema to refuse. */
export const decimalToNumber = (v: unknown): unknown => (typeof v === 'string' && DECIMAL.test(v) ? Number(v) : v);

/**
 * An id: a positive whole number, sent as a number or as a plain decimal string
 * ("12"); "0x1", "1e0", " 1", "-1" and "abc" get `message`.
 */
export const positiveId = (message: string) =>
  z.preprocess(decimalToNumber, z.number({ error: message }).int(message).positive(message));

/** A number, or the number a plain decimal string spells; NaN for anything else ("0x14", "1e1"). */
export function strictNumber(v: string | number): number {
  const n = decimalToNumber(v);
  return typeof n === 'number' ? n : Number.NaN;
}
