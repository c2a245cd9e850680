// The database's files hold password hashes and sign-in tokens' hashes, and a backup holds the same
// rows (issue #48 review): only the server's own user may read them. A file is created 0600 (then the
// umask can only take more away), and one that exists is tightened before anything is written to it:
// group and others lose every permission, the owner's stay as they were.
import fs from 'node:fs';

/** Owner read and write, nobody else. */
export const PRIVATE_FILE_MODE = 0o600;

/** Takes group and others' permissions off `file`; a missing file is left missing. */
export function tightenFileMode(file: string): void {
  let mode: number;
  try {
    mode = fs.statSync(file).mode & 0o777;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if ((mode & 0o077) === 0) return;
  try {
    fs.chmodSync(file, mode & 0o700);
  } catch (error) {
    // Another user's file (EPERM): the server still starts, and says what the operator should do.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
    process.emitWarning(`${file} is readable by other users (mode ${mode.toString(8)}) and is not ours to change: chmod 600 it`);
  }
}

/**
 * A SQLite database file and its companions, private before SQLite opens them: the file is created
 * empty with PRIVATE_FILE_MODE when missing (SQLite reads an empty file as an empty database, and creates
 * its WAL, SHM and journal files with the database file's mode), and an existing file, WAL or SHM left
 * readable by an older version is tightened.
 */
export function prepareDatabaseFiles(file: string): void {
  fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE));
  for (const name of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) tightenFileMode(name);
}
