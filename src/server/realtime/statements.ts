// The real-time paths' SQL, prepared once per database (a socket connect and every
// event used to rebuild and re-prepare it). Lists of session ids are bound as one JSON
// array (json_each), so one prepared statement serves any number of sessions.
import type Database from 'better-sqlite3';
import { LIVE_SESSION_STATUSES } from '../../domain/rules';
import type { Db } from '../db/client';

const EVENT_COLUMNS = 'id, session_id AS sessionId, type, audience, payload, created_at AS createdAt';
/** canSee (session-stream.ts) in SQL: everyone, the viewer alone, or owner events for owners and admins. */
const VISIBLE = `audience = 'all' OR audience = 'user:' || @user OR audience = 'owner+user:' || @user
  OR (@owner = 1 AND (audience = 'owner' OR audience LIKE 'owner+user:%'))`;

function prepareAll(client: Database.Database) {
  return {
    insertEvent: client.prepare(
      'INSERT INTO events (session_id, type, audience, payload, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id',
    ),
    eventsSince: client.prepare(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE session_id = ? AND id > ? ORDER BY id LIMIT ?`,
    ),
    /** (session ids as a JSON array, after id, limit) */
    eventsSinceOf: client.prepare(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE session_id IN (SELECT value FROM json_each(?)) AND id > ? ORDER BY id LIMIT ?`,
    ),
    /**
     * The events one viewer may see (bus.ts's Audience, as canSee decides): (session, after id,
     * sees owner events 0/1, user id, limit). A replay reads only these, page by page.
     */
    visibleEventsSince: client.prepare(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE session_id = @session AND id > @after AND (${VISIBLE}) ORDER BY id LIMIT @limit`,
    ),
    /** The same over several sessions (@sessions: their ids as a JSON array), one viewer for all. */
    visibleEventsSinceOf: client.prepare(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE session_id IN (SELECT value FROM json_each(@sessions)) AND id > @after AND (${VISIBLE})
       ORDER BY id LIMIT @limit`,
    ),
    /** Events of a session after an id, counted up to a bound (session, after id, bound): the index alone answers. */
    countSince: client.prepare(
      'SELECT COUNT(*) AS n FROM (SELECT 1 FROM events WHERE session_id = ? AND id > ? LIMIT ?)',
    ),
    countSinceOf: client.prepare(
      'SELECT COUNT(*) AS n FROM (SELECT 1 FROM events WHERE session_id IN (SELECT value FROM json_each(?)) AND id > ? LIMIT ?)',
    ),
    latestEventId: client.prepare('SELECT COALESCE(MAX(id), 0) AS id FROM events WHERE session_id = ?'),
    latestEventIdOf: client.prepare(
      'SELECT COALESCE(MAX(id), 0) AS id FROM events WHERE session_id IN (SELECT value FROM json_each(?))',
    ),
    // A removed hunter (decision 836) is no longer one of the session's.
    guestPlayer: client.prepare('SELECT 1 FROM session_players WHERE session_id = ? AND user_id = ? AND removed_at IS NULL'),
    hunterSessions: client.prepare(
      `SELECT p.session_id AS id FROM session_players p JOIN game_sessions g ON g.id = p.session_id
       WHERE p.user_id = ? AND p.removed_at IS NULL AND g.status <> 'completed'`,
    ),
    ownedLiveSessions: client.prepare(
      `SELECT id FROM game_sessions WHERE owner_id = ? AND status IN (${LIVE_SESSION_STATUSES.map(() => '?').join(', ')})`,
    ),
    sessionOwner: client.prepare('SELECT owner_id AS ownerId FROM game_sessions WHERE id = ?'),
  };
}

const cache = new WeakMap<Database.Database, ReturnType<typeof prepareAll>>();

export function realtimeStatements(db: Db): ReturnType<typeof prepareAll> {
  let statements = cache.get(db.$client);
  if (!statements) {
    statements = prepareAll(db.$client);
    cache.set(db.$client, statements);
  }
  return statements;
}
