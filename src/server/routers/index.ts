// The app router: one sub-router per area. The client imports only its type.
import { router } from '../trpc';
import { authRouter } from './auth';
import { billingRouter } from './billing';

export const appRouter = router({
  auth: authRouter,
  billing: billingRouter,
});

export type AppRouter = typeof appRouter;
