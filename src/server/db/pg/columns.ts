// Time columns on PostgreSQL (decision 861). The SQLite schema keeps times as integers (ms since the
// epoch; Lucia's expires_at / absolute_expires_at in seconds) typed `number`, and every service
// reads and writes them as numbers. Here they are real `timestamp(3) with time zone` columns (the
// database can show, compare and index them as times), and these column types convert at the edge
// so that a row reads back as the same numbers it would on SQLite.
import pg from 'pg';
import { customType } from 'drizzle-orm/pg-core';

/** Millisecond precision: what a JavaScript time (and SQLite's integer ms) holds, no more. */
const TIMESTAMP_SQL_TYPE = 'timestamp(3) with time zone';

/** pg's own parser for timestamptz text ("2026-11-26 05:42:18.123+00", any offset or DateStyle ISO form). */
const parseTimestamptz = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ, 'text') as (value: string) => Date;

/**
 * A time from the driver as ms since the epoch. drizzle's node-postgres session asks pg for the raw
 * text of timestamp columns (it parses its own); a plain `pool.query` hands a Date; a value already
 * turned into a number (an aggregate mapped with this column) passes through.
 */
export function timestampToMs(value: unknown): number {
  if (typeof value === 'number') return value;
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'string') {
    const ms = parseTimestamptz(value).getTime();
    if (Number.isNaN(ms)) throw new TypeError(`Not a timestamp: ${value}`);
    return ms;
  }
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

