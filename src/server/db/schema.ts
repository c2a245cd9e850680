// The tables every service imports. Drizzle has no dialect-neutral schema, so each dialect has its
// own (sqlite/schema.ts, pg/schema.ts: schema-parity.test.ts proves their rows agree) and
// #db-schema (package.json "imports", decision 968) names the one in use:
//   - to the compiler, SQLite's under tsconfig.json and PostgreSQL's under tsconfig.pg.json
//     (`npm run typecheck` runs both), so each query is checked against both dialects' types;
//   - at run time, db/running-schema.ts: the running database's tables.
export * from '#db-schema';
