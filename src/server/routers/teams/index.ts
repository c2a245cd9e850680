// Teams (issue 42): the router only wires; one file per procedure, inputs in teams.types.ts.
import { router } from '../../trpc';
import { autoBalance } from './auto-balance';
import { create } from './create';
import { remove } from './delete';
import { join, joinByCode } from './join';
import { leave } from './leave';
import { list } from './list';
import { assign, removeMember } from './members';
import { ranking } from './ranking';
import { settings } from './settings';
import { update } from './update';

export const teamsRouter = router({
  list,
  ranking,
  create,
  join,
  joinByCode,
  leave,
  update,
  delete: remove,
  assign,
  removeMember,
  autoBalance,
  settings,
});
