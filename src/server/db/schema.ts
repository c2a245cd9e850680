// The tables every service imports. Drizzle has no dialect-neutral schema, so each dialect has
// its own (sqlite/schema.ts, pg/schema.ts) and this module hands out the running database's.
export * from './sqlite/schema';
