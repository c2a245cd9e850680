import { z } from 'zod';
import { ADMIN_USER_SEARCH_MAX, ADMIN_USER_SEARCH_TEXT_MAX } from '../../../domain/rules';
import { findAccounts } from '../../services/account-search';
import { adminProcedure } from '../../trpc';
import { AdminUserSchema } from './outputs.types';
import { adminErrors, tags } from './types';

export const UserSearchInput = z.object({
  q: z
    .string()
    .trim()
    .max(ADMIN_USER_SEARCH_TEXT_MAX, `The search text must be at most ${ADMIN_USER_SEARCH_TEXT_MAX} characters`)
    .optional()
    .describe('Part of a first name, last name, "first last", username or email; any case. Omitted or empty: every account'),
  role: z
    .enum(['gamemaster', 'hunter', 'admin'], { error: 'Role must be gamemaster, hunter or admin' })
    .optional()
    .describe('Only accounts of this role'),
});

export const usersSearch = adminProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/admin/users',
      tags,
      summary: 'Find accounts of any role by name, username or email',
      description:
        `Searches every account (game masters, hunters, admins; not guest hunters, who are not accounts) by part of the name, ` +
        `username or email, case-insensitively, optionally of one role, ordered by last then first name; at most ` +
        `${ADMIN_USER_SEARCH_MAX} answers. Any of them but admins can then be suspended (POST /admin/users/{id}/suspend). ` +
        'Admins only: 401 without a sign-in, 403 for anyone else, 400 for an unknown role or a search text over ' +
        `${ADMIN_USER_SEARCH_TEXT_MAX} characters.`,
      errorResponses: { ...adminErrors, 400: 'Validation failed' },
    },
  })
  .input(UserSearchInput)
  .output(z.array(AdminUserSchema))
  .query(({ ctx, input }) => findAccounts(ctx, input));
