import { trpc } from '../../trpc';

const FALLBACK = { supportEmail: 'support@dinohunt.app', mapTileUrl: '', paymentsProvider: 'none' as const };

/** Public settings from the server (support address, map tiles, payment mode). */
export function useClientConfig() {
  const query = trpc.system.config.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
  return query.data ?? FALLBACK;
}
