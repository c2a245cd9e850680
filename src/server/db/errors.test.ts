// What a failed query means (db/errors.ts) and what the client hears for it (errors.ts faultError):
// the driver's own errors, as drizzle wraps them, checked without a database.
import { describe, expect, it } from 'vitest';
import { AppError, DATABASE_UNAVAILABLE_MESSAGE, faultError, STORAGE_FULL_MESSAGE } from '../errors';
import { isDatabaseUnavailable, isStorageFull, isUniqueViolation } from './errors';

/** A driver error with a code, as node-postgres and better-sqlite3 throw them. */
const coded = (message: string, code: string) => Object.assign(new Error(message), { code });
/** Drizzle's wrapping: "Failed query: ..." with the driver's error as its cause. */
const wrapped = (cause: Error) => new Error('Failed query: insert into "messages" ...', { cause });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['57P01 admin_shutdown (pg_ctl restart -m fast)', wrapped(coded('terminating connection due to administrator command', '57P01'))],
    ['57P03 cannot_connect_now (starting up)', coded('the database system is starting up', '57P03')],
    ['08006 connection_failure', coded('connection failure', '08006')],
    ['ECONNREFUSED (server down)', wrapped(coded('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))],
    ['ECONNRESET', coded('read ECONNRESET', 'ECONNRESET')],
    ['the connection cut mid-query', wrapped(new Error('Connection terminated unexpectedly'))],
    ['no connection within the connect timeout', new Error('timeout exceeded when trying to connect')],
    ['a ROLLBACK on a dead connection', wrapped(new Error('Client has encountered a connection error and is not queryable'))],
  ])('%s', (_, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it.each([
    ['23505 unique_violation', wrapped(coded('duplicate key value', '23505'))],
    ['42601 syntax_error', coded('syntax error at or near', '42601')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['SQLITE_BUSY', coded('database is locked', 'SQLITE_BUSY')],
  ])('not for %s', (_, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
  });
});

describe('isStorageFull', () => {
  it.each([
    ['SQLITE_FULL', wrapped(coded('database or disk is full', 'SQLITE_FULL'))],
    ['ENOSPC (an upload written to disk)', coded('ENOSPC: no space left on device, write', 'ENOSPC')],
    ['EDQUOT', coded('EDQUOT: disk quota exceeded', 'EDQUOT')],
    ['PostgreSQL 53100 disk_full', coded('could not extend file', '53100')],
    ["libvips' words (sharp writing a stripped copy)", new Error('VipsJpeg: Error writing output: No space left on device')],
  ])('%s', (_, err) => {
    expect(isStorageFull(err)).toBe(true);
  });

  it('not for a constraint', () => {
    expect(isStorageFull(coded('UNIQUE constraint failed', 'SQLITE_CONSTRAINT_UNIQUE'))).toBe(false);
    expect(isUniqueViolation(coded('UNIQUE constraint failed', 'SQLITE_CONSTRAINT_UNIQUE'))).toBe(true);
  });
});

describe('faultError', () => {
  it('answers the database away with 503, its message and Retry-After seconds, keeping the cause', () => {
    const cause = wrapped(coded('terminating connection due to administrator command', '57P01'));
    const fault = faultError(cause);
    expect(fault).toBeInstanceOf(AppError);
    expect({ status: fault?.status, code: fault?.code, message: fault?.message, details: fault?.details }).toEqual({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: DATABASE_UNAVAILABLE_MESSAGE,
      details: { retryAfterSeconds: 5 },
    });
    expect(fault?.cause).toBe(cause);
  });

  it('answers a full disk with 507 and its message, even when the write also lost its connection', () => {
    const fault = faultError(new Error('Failed query: commit', { cause: coded('database or disk is full', 'SQLITE_FULL') }));
    expect({ status: fault?.status, code: fault?.code, message: fault?.message }).toEqual({
      status: 507,
      code: 'SERVICE_UNAVAILABLE',
      message: STORAGE_FULL_MESSAGE,
    });
    expect(faultError(Object.assign(new Error('x'), { code: 'ENOSPC', cause: coded('y', 'ECONNRESET') }))?.status).toBe(507);
  });

  it('leaves every other error (and an AppError already answered) alone', () => {
    expect(faultError(new TypeError('bug'))).toBeUndefined();
    expect(faultError(coded('duplicate key value', '23505'))).toBeUndefined();
    expect(faultError(new AppError(503, 'File storage is unavailable.'))).toBeUndefined();
  });
});
