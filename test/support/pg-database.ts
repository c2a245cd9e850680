// A PostgreSQL database of its own per test file: db/pg/test-database.ts (the driver stays in src/server/db).
export { createTestPgDatabase, dropTestPgDatabase, TEST_DATABASE_PREFIX, type TestPgDatabase } from '../../src/server/db/pg/test-database';
