// `npm run test:integration:pg`: the integration suite against PostgreSQL (issue #27). The database
// is DATABASE_URL, or DINOHUNT_PG_URL (exported by .ci/run once it has started PostgreSQL); each
// test file creates and drops its own database there (test/support/pg-database.ts).
// Extra arguments go to vitest (a file, -t 'name').
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const url = process.env.DATABASE_URL || process.env.DINOHUNT_PG_URL;
if (!url || !/^postgres(ql)?:\/\//.test(url)) {
  console.error('test:integration:pg needs DATABASE_URL (or DINOHUNT_PG_URL) set to a postgres:// URL whose role may create databases.');
  process.exit(2);
}
const result = spawnSync(
  process.execPath,
  [path.resolve('node_modules/vitest/vitest.mjs'), 'run', '--project', 'integration', ...process.argv.slice(2)],
  { stdio: 'inherit', env: { ...process.env, DATABASE_URL: url } },
);
process.exit(result.status ?? 1);
