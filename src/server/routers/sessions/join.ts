import { z } from 'zod';
import { HunterJoinInput } from '../../../domain/schemas';
import { JoinByIdBody, JoinByNameInput } from '../../../domain/session-schemas';
import * as joining from '../../services/joining';
import { hunterProcedure, passwordAttempt, publicProcedure, SessionIdParam } from '../../trpc';
import { SuccessOutput } from '../auth.types';
import { JoinOutputSchema, tags } from './sessions.types';
import { JOIN_AS_GUEST_EXAMPLES, JOIN_BY_ID_EXAMPLES } from '../openapi-examples';

const JOIN_ERRORS = {
  400: 'Validation failed',
  403: 'Not allowed (a guest of another session, or not a hunter)',
  404: 'Session not found or invalid password',
  409: 'Session full, ended, or hunter handle taken (by another hunter, or by a guest of another browser)',
  429: 'Too many attempts from this address, or too many wrong passwords for this session from this address',
};

/** Guests (and signed-in hunters) join by session name or id, password and handle. */
export const joinAsGuest = publicProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/hunter/join-session',
      examples: JOIN_AS_GUEST_EXAMPLES,
      protect: false, // open to everyone: no cookie needed
      tags: ['hunter'],
      summary: 'Join a session as a guest hunter: sessionId (the session id or its name), password, hunterHandle (3+ characters)',
      description:
        'sessionId may be the session id or its name (any case); when several sessions match with that password, ' +
        'the newest one not ended is joined (one this caller already plays in first). ' +
        'Creates a guest hunter and a server session (cookie) bound to this game session, so later calls know who ' +
        'the guest is; a guest may act only within that game session. The browser also gets a hunter key ' +
        '(HttpOnly cookie dinohunt_hunter, kept across logout): joining the same session again with the same handle ' +
        'from that browser signs in as the same hunter, with the same stats; from any other browser the handle is ' +
        'taken (409). A request already signed in as a hunter account joins that account instead. Game masters and ' +
        'admins get 403. Joining again changes nothing. Handles are unique within a session (any case). A guest who ' +
        'joins another session gets a new sign-in: the old one ends, and its open sockets close. Rate-limited per ' +
        'address (AUTH_RATE_LIMIT a minute). 400 for an invalid field, 404 for an unknown session or a wrong password, 409 when the session is full or ended or the handle is taken, 429 past the rate limits.',
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
      summary: 'A signed-in hunter account joins by session name (or id) and password',
      description:
        'The Field Operations form: sessionName (the name in any case, or the session id) and password, checked on ' +
        'the server; among matching sessions, one the account already plays in, else the newest not ended, is ' +
        "joined. hunterHandle defaults to the account's username. Hunter accounts only: 401 without a sign-in, 403 for other roles, 400 for an invalid field, 404 for an unknown session or a wrong password, 409 when it is full or ended or the handle is taken, 429 past the rate limits.",
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
      examples: JOIN_BY_ID_EXAMPLES,
      tags,
      summary: 'A signed-in hunter joins the session; the session password is required in the body',
      description:
        "Differs from the specification's 'no body': the seed client matched passwords from the session list, " +
        'which leaked them to every hunter. Here the list never carries passwords to hunters, and this call requires ' +
        '{ password } (and an optional hunterHandle, default the username), checked on the server. Hunter accounts only: 401 without a sign-in, 403 for other roles, 400 for an invalid field, 404 for an unknown session or a wrong password, 409 when it is full or ended or the handle is taken, 429 past the rate limits.',
      errorResponses: { ...JOIN_ERRORS, 401: 'Not signed in' },
    },
  })
  .use(passwordAttempt)
  .input(SessionIdParam.extend(JoinByIdBody.shape))
  .output(JoinOutputSchema)
  .mutation(({ ctx, input }) => joining.joinById(ctx, input.id, input));

/** The terminal's "Start over as a new hunter": this browser forgets its guest hunter, then signs out. */
export const forgetHunter = publicProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/hunter/forget-me',
      protect: false, // like logout: answers success without a cookie
      tags: ['hunter'],
      summary: "Sign out a guest hunter and forget it on this browser: its handle can no longer be rejoined",
      description:
        "For a signed-in guest: its hunter's rejoin key is erased (nobody can join as that hunter again; its " +
        'results stay in the session), then the sign-in ends like POST /auth/logout. For anyone else it is a logout. Anyone may call it, without a cookie; it fails only on a malformed request (400 malformed JSON, 415 an unsupported content type).',
      errorResponses: { 400: 'Malformed JSON body', 415: 'Unsupported content type (send JSON or no body)' },
    },
  })
  .input(z.void())
  .output(SuccessOutput)
  .mutation(async ({ ctx }) => {
    await joining.forgetGuestHunter(ctx);
    return { success: true as const };
  });
