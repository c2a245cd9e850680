// Time columns on PostgreSQL (decision 861). The SQLite schema keeps times as integers (ms since the
// epoch; Lucia's expires_at / absolute_expires_at in seconds) typed `number`, and every service
// reads and writes them as numbers. Here they are real `timestamp(3) with time zone` columns (the
// database can show, compare and index them as times), and these column types convert at the edge
// so that a row reads back as the same numbers it would on SQLite.
import { customType } from 'drizzle-orm/pg-core';

/** Millisecond precision: what a JavaScript time (and SQLite's integer ms) holds, no more. */
const TIMESTAMP_SQL_TYPE = 'timestamp(3) with time zone';

/**
 * PostgreSQL's text for a timestamptz in DateStyle ISO (client.ts sets it, and TimeZone=UTC, on every
 * connection; any offset is read all the same): "2026-11-26 05:42:18.123+00", "...+05:30", historical
 * offsets with seconds, years past 9999, " BC".
 */
const TIMESTAMPTZ_TEXT = /^(\d{4,})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?([+-])(\d{2})(?::(\d{2}))?(?::(\d{2}))?( BC)?$/;

/**
 * A timestamptz's text as ms since the epoch (sub-millisecond digits are cut, as a JavaScript Date
 * would). Our own parser rather than pg's global one, which client.ts replaces by this very function
 * so that raw queries (db/raw.ts) read times as numbers too, as on SQLite. Throws on anything else
 * ('infinity' included: the app stores no such time).
 */
export function parseTimestamptzText(text: string): number {
  const m = TIMESTAMPTZ_TEXT.exec(text);
  if (!m) throw new TypeError(`Not a timestamp: ${text}`);
  const [, year, month, day, hours, minutes, seconds, fraction = '', sign, offsetH, offsetM = '0', offsetS = '0', bc] = m;
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: the latter reads years 0-99 as 1900-1999.
  date.setUTCFullYear(bc ? 1 - Number(year) : Number(year), Number(month) - 1, Number(day));
  date.setUTCHours(Number(hours), Number(minutes), Number(seconds), Number(fraction.padEnd(3, '0').slice(0, 3)));
  const offsetMs = (Number(offsetH) * 3600 + Number(offsetM) * 60 + Number(offsetS)) * 1000;
  return date.getTime() - (sign === '-' ? -offsetMs : offsetMs);
}

/**
 * A time from the driver as ms since the epoch. drizzle's node-postgres session asks pg for the raw
 * text of timestamp columns (it parses its own); a plain query on a connection of client.ts gets a
 * number already (its global parser); a Date comes from a pg without that parser.
 */
export function timestampToMs(value: unknown): number {
  if (typeof value === 'number') return value;
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'string') return parseTimestamptzText(value);
  throw new TypeError(`Not a timestamp: ${String(value)}`);
}

/** A time in ms as the text PostgreSQL reads without doubt (UTC, ISO 8601); throws on a non-finite number. */
export function msToTimestamp(ms: number): string {
  return new Date(ms).toISOString();
}

/** A time stored as timestamptz, read and written as ms since the epoch (SQLite's `integer` times). */
export const timestampMs = customType<{ data: number; driverData: string }>({
  dataType: () => TIMESTAMP_SQL_TYPE,
  toDriver: (ms) => msToTimestamp(ms),
  fromDriver: (value) => timestampToMs(value),
});

/**
 * A time stored as timestamptz, read and written as whole seconds since the epoch: Lucia's
 * expires_at and absolute_expires_at. Stored exactly (s * 1000 ms), so it reads back as written.
 */
export const timestampSeconds = customType<{ data: number; driverData: string }>({
  dataType: () => TIMESTAMP_SQL_TYPE,
  toDriver: (seconds) => msToTimestamp(seconds * 1000),
  fromDriver: (value) => Math.floor(timestampToMs(value) / 1000),
});

