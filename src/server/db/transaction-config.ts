// What `db.transaction(work, config)` may ask for, checked the same way on both databases (the
// config's values end up in SQL text on PostgreSQL: drizzle writes them into BEGIN unquoted).
import type { TransactionConfig } from './types';

const ALLOWED: { [K in keyof TransactionConfig]-?: readonly NonNullable<TransactionConfig[K]>[] } = {
  behavior: ['deferred', 'immediate', 'exclusive'],
  isolationLevel: ['read committed', 'repeatable read', 'serializable'],
  accessMode: ['read only', 'read write'],
};

/** The config itself, or an error that names what is not understood (nothing is silently dropped). */
export function checkedTransactionConfig(config: TransactionConfig | undefined): TransactionConfig {
  if (config === undefined) return {};
  for (const [key, value] of Object.entries(config)) {
    if (value === undefined) continue;
    const allowed = (ALLOWED as Record<string, readonly unknown[]>)[key];
    if (!allowed) {
      throw new Error(`db.transaction: unknown option "${key}" (options: ${Object.keys(ALLOWED).join(', ')})`);
    }
    if (!allowed.includes(value)) {
      throw new Error(`db.transaction: ${key} must be one of ${allowed.map((v) => `"${v}"`).join(', ')}, not ${JSON.stringify(value)}`);
    }
  }
  return config;
}
