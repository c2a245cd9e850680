import { HunterJoinInput } from '../../../domain/schemas';
import { JoinByIdBody, JoinByNameInput } from '../../../domain/session-schemas';
import * as joining from '../../services/joining';
import { hunterProcedure, passwordAttempt, publicProcedure, SessionIdParam } from '../../trpc';
import { JoinOutputSchema, tags } from './sessions.types';

const JOIN_ERRORS = {
  400: 'Validation failed',
  403: 'Not allowed (a guest of another session, or not a hunter)',
  404: 'Session not found or invalid password',
  409: 'Session full, ended, or hunter handle taken',
  429: 'Too many attempts from this address, or too many wrong passwords for this session from this address',
};

/** Guests (and signed-in hunters) join by session id, password and handle. */
export const joinAsGuest = publicProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/hunter/join-session',
      protect: false, // open to everyone: no cookie needed
      tags: ['hunter'],
      summary: 'Join a session as a guest hunter: sessionId, password, hunterHandle (3+ characters)',
      description:
        'Creates a guest hunter and a server session (cookie) bound to this game session, so later calls know who ' +
        'the guest is; a guest may act only within that game session. A request already signed in as a hunter ' +
        'account joins that account instead. Game masters and admins get 403. Joining again changes nothing. ' +
        'Handles are unique within a session (any case). A guest who joins another session gets a new sign-in: ' +
        'the old one ends, and its open sockets close. Rate-limited per address (AUTH_RATE_LIMIT a minute).',
      errorResponses: JOIN_ERRORS,
    },
  })
  .use(passwordAttempt)
  .input(HunterJoinInput)
  .output(JoinOutputSchema)
  .mutation(({ ctx, input }) => joining.joinAsGuest(ctx, input));

/** Field Operations' Join Mission form. */
export const joinByName = hunterProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/hunter/join-by-name',
      tags: ['hunter'],
      summary: 'A signed-in hunter account joins by session name and password',
      description:
        'The Field Operations form: sessionName (any case) and password, checked on the server; the newest ' +
        "matching session that has not ended is joined. hunterHandle defaults to the account's username.",
      errorResponses: { ...JOIN_ERRORS, 401: 'Not signed in' },
    },
  })
  .use(passwordAttempt)
  .input(JoinByNameInput)
  .output(JoinOutputSchema)
  .mutation(async ({ ctx, input }) => joining.joinByName(ctx, input));

export const joinById = hunterProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/game-sessions/{id}/join',
      tags,
      summary: 'A signed-in hunter joins the session; the session password is required in the body',
      description:
        "Differs from the specification's 'no body': the seed client matched passwords from the session list, " +
        'which leaked them to every hunter. Here the list never carries passwords to hunters, and this call requires ' +
        '{ password } (and an optional hunterHandle, default the username), checked on the server.',
      errorResponses: { ...JOIN_ERRORS, 401: 'Not signed in' },
    },
  })
  .use(passwordAttempt)
  .input(SessionIdParam.extend(JoinByIdBody.shape))
  .output(JoinOutputSchema)
  .mutation(({ ctx, input }) => joining.joinById(ctx, input.id, input));
