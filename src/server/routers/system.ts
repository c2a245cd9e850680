import { z } from 'zod';
import { paymentsConfigured } from '../config';
import { publicProcedure, router } from '../trpc';

const ClientConfig = z.object({
  supportEmail: z.string(),
  mapTileUrl: z.string(),
  paymentsProvider: z.enum(['stripe', 'none']),
});

export const systemRouter = router({
  /** Public settings the client needs at start: support address, map tiles, payment mode. */
  config: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/config',
        protect: false,
        tags: ['system'],
        summary: 'Public client settings',
        description:
          'Answers the support email address, the map tile URL and whether payments go through Stripe. Public: no cookie needed; no failure answer of its own.',
      },
    })
    .input(z.void())
    .output(ClientConfig)
    .query(({ ctx }) => ({
      supportEmail: ctx.config.SUPPORT_EMAIL,
      mapTileUrl: ctx.config.MAP_TILE_URL,
      paymentsProvider: paymentsConfigured(ctx.config) ? ('stripe' as const) : ('none' as const),
    })),
});
