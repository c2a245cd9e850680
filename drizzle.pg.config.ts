import { defineConfig } from 'drizzle-kit';

// The PostgreSQL schema and its migrations (decision 861); drizzle.config.ts is SQLite's.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/pg/schema.ts',
  out: './db/migrations-pg',
});
