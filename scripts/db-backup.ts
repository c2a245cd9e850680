// npm run db:backup -- <file>
// Writes a portable backup (every table but sign-ins, gzip'd JSON lines) of the database the
// environment names (DATABASE_URL or DATABASE_PATH); npm run db:restore reads it into either dialect.
import { loadConfig } from '../src/server/config';
import { writeBackup } from '../src/server/db/backup';
import { closeDatabase, connectDatabase } from '../src/server/db/client';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run db:backup -- <file>');
  process.exit(2);
}
const db = await connectDatabase(loadConfig());
try {
  const { rows } = await writeBackup(db, file);
  console.log(`Wrote ${rows} rows to ${file}.`);
} finally {
  await closeDatabase(db);
}
