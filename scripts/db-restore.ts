// npm run db:restore -- <backup file> [--replace]
// Restores a portable backup (Admin > System Controls > Database Backup, or npm run db:backup) into
// the database the environment names: DATABASE_URL (postgres://...) or else DATABASE_PATH (SQLite).
// The database is migrated first; it must be empty unless --replace is given. Sign-ins are not in a
// backup: everyone signs in again.
import { loadConfig } from '../src/server/config';
import { closeDatabase, connectDatabase } from '../src/server/db/client';
import { BackupError, restoreBackup } from '../src/server/db/backup';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
if (!file) {
  console.error('Usage: npm run db:restore -- <backup file> [--replace]');
  process.exit(2);
}
const config = loadConfig();
const db = await connectDatabase(config);
try {
  const { rows } = await restoreBackup(db, file, { replace: args.includes('--replace') });
  console.log(`Restored ${rows} rows from ${file}.`);
} catch (err) {
  console.error(err instanceof BackupError ? err.message : err);
  process.exitCode = 1;
} finally {
  await closeDatabase(db);
}
