// Past hunts (issue 26): replay, run again, saved layouts. The router only wires.
import { router } from '../../trpc';
import { applyLayout, deleteLayout, listLayouts, saveLayout } from './layouts';
import { replay } from './replay';
import { runAgain } from './run-again';

export const huntsRouter = router({
  replay,
  runAgain,
  listLayouts,
  saveLayout,
  deleteLayout,
  applyLayout,
});
