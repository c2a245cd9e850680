// A PostgreSQL server of a test's own (issue #48's fault suite): initdb into a temporary directory,
// started with pg_ctl on an ephemeral loopback port, so that restarting or stopping it disturbs no
// other test and no other helper's database. The binaries are the newest under /usr/lib/postgresql
// (Debian's layout), or PG_BIN_DIR. initdb refuses to run as root: as root, the cluster belongs to
// the `postgres` system user and every command runs through runuser.
//
//   const server = await startPrivatePostgres();      // null (with why) when it cannot be had here
//   server.url                                        postgres://dinohunt@127.0.0.1:<port>/dinohunt
//   await server.restart()                            pg_ctl restart -m fast (ends every connection)
//   await server.stop(); await server.start()         the same in two steps, with a pause between
//   await server.destroy()                            stopped and its directory removed
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './cluster-harness';

const run = promisify(execFile);
const PG_ROOT = '/usr/lib/postgresql';
const SUPERUSER = 'dinohunt';
const DATABASE = 'dinohunt';

export type PrivatePostgres = {
  url: string;
  port: number;
  dataDir: string;
  start: () => Promise<void>;
  stop: () => Promise<void>;
  restart: () => Promise<void>;
  destroy: () => Promise<void>;
};

/** The newest installed server's bin directory, or undefined. */
export function postgresBinDir(): string | undefined {
  if (process.env.PG_BIN_DIR) return fs.existsSync(path.join(process.env.PG_BIN_DIR, 'pg_ctl')) ? process.env.PG_BIN_DIR : undefined;
  if (!fs.existsSync(PG_ROOT)) return undefined;
  const versions = fs
    .readdirSync(PG_ROOT)
    .filter((v) => fs.existsSync(path.join(PG_ROOT, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  return versions[0] ? path.join(PG_ROOT, versions[0], 'bin') : undefined;
}

/** Why a private server cannot be started here (no binaries; root without a postgres user), or undefined. */
export function privatePostgresUnavailable(): string | undefined {
  if (!postgresBinDir()) return `no PostgreSQL server binaries (looked for ${PG_ROOT}/<version>/bin/pg_ctl; set PG_BIN_DIR)`;
  if (process.getuid?.() === 0) {
    try {
      fs.accessSync('/usr/sbin/runuser', fs.constants.X_OK);
    } catch {
      return 'running as root without runuser, and initdb refuses root';
    }
  }
  return undefined;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const unavailable = privatePostgresUnavailable();
  if (unavailable) throw new Error(unavailable);
  const bin = postgresBinDir()!;
  const asRoot = process.getuid?.() === 0;
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'dinohunt-pg-'));
  const dataDir = path.join(base, 'data');
  const socketDir = path.join(base, 'socket');
  fs.mkdirSync(socketDir);
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    for (const p of [base, socketDir]) fs.chownSync(p, Number(stdout.trim()), Number(gid.trim()));
  }
  // From / (the postgres user may not read the working directory).
  const pg = (tool: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args], { cwd: '/' })
      : run(path.join(bin, tool), args, { cwd: '/' });

  const port = await freePort();
  // Trust on loopback: a throwaway server that listens on 127.0.0.1 only, for the life of one test file.
  await pg('initdb', ['-D', dataDir, '-U', SUPERUSER, '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const options = `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1 -c max_connections=60`;
  const logFile = path.join(base, 'server.log');
  const start = async () => {
    await pg('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', options, '-w', '-t', '60', 'start']);
  };
  const stop = async () => {
    await pg('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '60', 'stop']);
  };
  await start();
  await pg('psql', ['-h', socketDir, '-p', String(port), '-U', SUPERUSER, '-d', 'postgres', '-qAtc', `CREATE DATABASE ${DATABASE}`]);
  let destroyed = false;
  return {
    url: `postgres://${SUPERUSER}@127.0.0.1:${port}/${DATABASE}`,
    port,
    dataDir,
    start,
    stop,
    async restart() {
      await pg('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', options, '-m', 'fast', '-w', '-t', '60', 'restart']);
    },
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      await stop().catch(() => {});
      fs.rmSync(base, { recursive: true, force: true });
    },
  };
}
