// `npm run test:cluster`: the multi-process proofs of issue #28 (src/server/cluster/*.cluster.test.ts).
// Each file starts its own app processes (the compiled server, built here first when stale) on a
// fresh PostgreSQL database of the server DINOHUNT_PG_URL or DATABASE_URL names (default: the local
// postgres://dinohunt:dinohunt@127.0.0.1:5432/dinohunt; its role must be able to create databases).
// Extra arguments go to vitest (a file, -t 'name').
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { DEFAULT_PG_URL } from '../test/support/cluster-harness';
import { ensureServerBuilt } from './build-server';

const url = process.env.DINOHUNT_PG_URL || process.env.DATABASE_URL || DEFAULT_PG_URL;
if (!/^postgres(ql)?:\/\//.test(url)) {
  console.error('test:cluster needs DATABASE_URL (or DINOHUNT_PG_URL) set to a postgres:// URL whose role may create databases.');
  process.exit(2);
}
if (await ensureServerBuilt()) console.log('Built the server (missing or out of date).');
const result = spawnSync(
  process.execPath,
  [path.resolve('node_modules/vitest/vitest.mjs'), 'run', '--project', 'cluster', ...process.argv.slice(2)],
  // The test process reads the database too (the proofs' checks): it runs on PostgreSQL's tables.
  { stdio: 'inherit', env: { ...process.env, DATABASE_URL: url, DINOHUNT_PG_URL: url } },
);
process.exit(result.status ?? 1);
