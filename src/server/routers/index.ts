// The app router: one sub-router per area. The client imports only its type.
import { router } from '../trpc';
import { achievementsRouter } from './achievements';
import { adminRouter } from './admin';
import { authRouter } from './auth';
import { challengesRouter } from './challenges';
import { commsRouter } from './comms';
import { deployRouter } from './deploy';
import { placesRouter } from './places';
import { playAreaRouter } from './play-area';
import { huntsRouter } from './hunts';
import { expeditionsRouter } from './expeditions';
import { sessionsRouter } from './sessions';
import { statsRouter } from './stats';
import { billingRouter } from './billing';
import { systemRouter } from './system';
import { teamsRouter } from './teams';

export const appRouter = router({
  auth: authRouter,
  sessions: sessionsRouter,
  deploy: deployRouter,
  places: placesRouter,
  playArea: playAreaRouter,
  stats: statsRouter,
  comms: commsRouter,
  billing: billingRouter,
  expeditions: expeditionsRouter,
  admin: adminRouter,
  system: systemRouter,
  achievements: achievementsRouter,
  hunts: huntsRouter,
  challenges: challengesRouter,
  teams: teamsRouter,
});

export type AppRouter = typeof appRouter;
