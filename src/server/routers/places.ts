// HQ's map: place search through the configured geocoder, and where the game master last
// played (decisions 815, 817). Game masters (with a subscription) and admins only.
import { z } from 'zod';
import { PlaceResult, PlaceSearchInput } from '../../domain/place-search';
import { lastPlayedPlace } from '../services/places';
import { gameMasterProcedure, router } from '../trpc';

const tags = ['places'];

const LastPlaceOutput = z.object({
  place: z
    .object({
      lat: z.number(),
      lng: z.number(),
      zoom: z.number().int().describe('A playing scale (HQ_PLAY_ZOOM)'),
      sessionId: z.number().int(),
      sessionName: z.string(),
      source: z.enum(['area', 'dinosaurs']),
    })
    .nullable()
    .describe('null when none of the caller\'s sessions has a play area or a dinosaur yet'),
});

export const placesRouter = router({
  search: gameMasterProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/places/search',
        tags,
        summary: 'Search a place for the HQ map',
        description:
          'q: a place name (2-200 characters), or coordinates as "lat, lng" (answered at once, without the geocoder). ' +
          'Asks the configured Nominatim-compatible geocoder (GEOCODER_URL) through the server: one request a second for the ' +
          'whole server, answers cached, 20 searches a minute per game master (429). 503 when the geocoder is off or ' +
          'unreachable, at once with Retry-After and retryAfterSeconds while it keeps failing (paste coordinates instead). Game masters with a subscription and admins only.',
        errorResponses: {
          400: 'Query too short or too long',
          401: 'Not signed in',
          403: 'Not a game master, or no subscription',
          429: 'Too many searches (retryAfterSeconds)',
          503: 'Place search is unavailable (retryAfterSeconds while the geocoder keeps failing)',
        },
      },
    })
    .input(PlaceSearchInput)
    .output(z.array(PlaceResult))
    .query(({ ctx, input }) => ctx.geocoder.search(ctx.user.id, input.q, ctx.setHeader)),

  lastPlayed: gameMasterProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/places/last-played',
        tags,
        summary: 'Where the game master last played',
        description:
          "The centre of the caller's newest session with a play area (else with dinosaurs), at a playing zoom: HQ's map of a " +
          'new session opens there. place is null when there is none yet. Game masters with a subscription and admins only.',
        errorResponses: { 401: 'Not signed in', 403: 'Not a game master, or no subscription' },
      },
    })
    .input(z.void())
    .output(LastPlaceOutput)
    .query(({ ctx }) => lastPlayedPlace(ctx, ctx.user)),
});
