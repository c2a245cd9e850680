import fs from 'node:fs';

/** The wal-index header's first copy: the first 48 bytes of the `-shm` file (sqlite.org/walformat.html). */
const HEADER_BYTES = 48;

/**
 * A cheap "has anyone committed since I last looked?" for a WAL database: it compares the
 * wal-index header in the `-shm` file, which every commit by any connection rewrites (its
 * change counter, last frame and checksums move), with the copy seen last. That is the
 * comparison SQLite itself makes when a read transaction begins to learn whether the database
 * changed, and what `PRAGMA data_version` reports; reading 48 bytes costs one pread, where the
 * pragma begins and ends a read transaction (shared-memory locks and their system calls).
 *
 * The header is copy 1 of the two SQLite keeps, the one a writer rewrites last: once a COMMIT
 * has returned, copy 1 shows it. A file that cannot be read (an in-memory database, no WAL)
 * answers "changed" every time, so the caller always falls back to asking SQLite.
 */
export class WalIndexHeader {
  private readonly seen = Buffer.alloc(HEADER_BYTES);
  private readonly current = Buffer.alloc(HEADER_BYTES);
  private hasSeen = false;

  private constructor(private fd: number | undefined) {}

  /** Watches `<databaseFile>-shm`; without one (":memory:", a missing file) every look says "changed". */
  static open(databaseFile: string): WalIndexHeader {
    if (!databaseFile || databaseFile === ':memory:') return new WalIndexHeader(undefined);
    try {
      return new WalIndexHeader(fs.openSync(`${databaseFile}-shm`, 'r'));
    } catch {
      return new WalIndexHeader(undefined);
    }
  }

  /** True unless the header is byte for byte the one `remember()` last stored. */
  changedSinceRemembered(): boolean {
    if (this.fd === undefined || !this.hasSeen) return true;
    return !this.read() || !this.current.equals(this.seen);
  }

  /**
   * Stores the header as it is now. Call it BEFORE asking SQLite (the pragma): a commit that
   * lands between the two then leaves the stored header older than SQLite's answer, and the next
   * look asks again. Stored after, such a commit would be remembered as already seen, and missed.
   */
  remember(): void {
    this.hasSeen = this.fd !== undefined && this.read();
    if (this.hasSeen) this.current.copy(this.seen);
  }

  close(): void {
    if (this.fd !== undefined) fs.closeSync(this.fd);
    this.fd = undefined;
  }

  private read(): boolean {
    try {
      return fs.readSync(this.fd!, this.current, 0, HEADER_BYTES, 0) === HEADER_BYTES;
    } catch {
      return false;
    }
  }
}
