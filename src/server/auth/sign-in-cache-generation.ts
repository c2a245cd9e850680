import type Database from 'better-sqlite3';

const generations = new WeakMap<Database.Database, { value: number }>();

/** The tables whose rows a sign-in's verdict reads (session, its user, a guest's game session). */
export const SIGN_IN_TABLES = ['auth_sessions', 'users', 'game_sessions'] as const;

/**
 * Registers the generation function and TEMP triggers on this connection (temp objects live
 * per connection, so every connection the app opens calls this). Any insert, update or delete
 * on SIGN_IN_TABLES, including foreign-key cascades and REPLACE, moves the generation.
 */
export function installSignInInvalidation(sqlite: Database.Database): void {
  const counter = { value: 0 };
  generations.set(sqlite, counter);
  sqlite.function('dinohunt_sign_in_rows_changed', { deterministic: false }, () => {
    counter.value++;
    return null;
  });
  for (const table of SIGN_IN_TABLES) {
    for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
      sqlite.exec(
        `CREATE TEMP TRIGGER IF NOT EXISTS dinohunt_sign_in_${table}_${event.toLowerCase()}
           AFTER ${event} ON main.${table} BEGIN SELECT dinohunt_sign_in_rows_changed(); END`,
      );
    }
  }
}

/** This connection's generation; a connection without the triggers has none (then nothing may be cached). */
export function signInGeneration(sqlite: Database.Database): number | undefined {
  return generations.get(sqlite)?.value;
}
