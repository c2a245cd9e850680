// The admin's account search (GET /admin/users, issue #46): accounts of any role (guest hunters, who have
// only a handle in one hunt, are not accounts), matched case-insensitively on first name, last name,
// username or email, ordered by name. The text is matched literally: % and _ are escaped.
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { users } from '../schema';
import type { Queryable } from '../types';

export type AccountRole = 'gamemaster' | 'hunter' | 'admin';

/** `text` as a LIKE pattern that matches it anywhere, literally (ESCAPE '\'). */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function searchAccounts(q: Queryable, filter: { text: string | null; role: AccountRole | null; limit: number }) {
  const conditions: SQL[] = [eq(users.isGuest, false)];
  if (filter.role) conditions.push(eq(users.role, filter.role));
  if (filter.text) {
    const pattern = containsPattern(filter.text);
    conditions.push(
      sql`(lower(${users.firstName}) LIKE ${pattern} ESCAPE '\\' OR lower(${users.lastName}) LIKE ${pattern} ESCAPE '\\'
        OR lower(coalesce(${users.username}, '')) LIKE ${pattern} ESCAPE '\\' OR lower(coalesce(${users.email}, '')) LIKE ${pattern} ESCAPE '\\'
        OR lower(${users.firstName} || ' ' || ${users.lastName}) LIKE ${pattern} ESCAPE '\\')`,
    );
  }
  return q
    .select()
    .from(users)
    .where(and(...conditions))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.username), asc(users.id))
    .limit(filter.limit);
}
