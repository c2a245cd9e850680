// The sessions router only wires: one file per procedure, contracts in sessions.types.ts.
import { router } from '../../trpc';
import { create } from './create';
import { end } from './end';
import { setExpedition } from './expedition';
import { forgetHunter, joinAsGuest, joinById, joinByName } from './join';
import { get, list } from './list';
import { pause } from './pause';
import { removeHunter } from './remove-hunter';
import { result } from './result';
import { resume } from './resume';
import { start } from './start';
import { timeStatus } from './time-status';

export const sessionsRouter = router({
  list,
  get,
  create,
  start,
  pause,
  resume,
  end,
  timeStatus,
  result,
  joinAsGuest,
  joinByName,
  joinById,
  forgetHunter,
  setExpedition,
  removeHunter,
});
