// Public expeditions (issue 29): the router only wires.
import { router } from '../../trpc';
import { join } from './join';
import { list } from './list';

export const expeditionsRouter = router({ list, join });
