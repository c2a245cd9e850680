// The admin's SQLite backup file (services/admin-exports.ts): a consistent copy of the live
// database taken with SQLite's online backup API while the app keeps serving, openable by any
// SQLite tool. (The portable export that restores into either dialect is db/backup.ts.)
import Database from 'better-sqlite3';
import type { Db } from '../client';
import { handleOf } from '../connection-handle';

/**
 * Copies the running SQLite database to `file` (which must not exist), then removes the sign-ins
 * from the copy and wipes their pages (VACUUM): restoring a backup signs everyone out, and a backup
 * file never carries anything that could open an account. False (nothing written) when the
 * database is not SQLite.
 */
export async function backupSqliteTo(db: Db, file: string): Promise<boolean> {
  const { sqlite } = handleOf(db);
  if (!sqlite) return false;
  await sqlite.backup(file);
  const copy = new Database(file);
  try {
    copy.exec('DELETE FROM auth_sessions; VACUUM;');
  } finally {
    copy.close();
  }
  return true;
}
