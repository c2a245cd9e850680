// An account's tRPC sockets close when every sign-in of the account ends at once (SignOuts.revokeUser: an
// admin suspends or deletes it, ends its sign-ins, or the owner signs out everywhere or changes the password),
// on every process of a cluster (sign-outs.ts): docs/security.md 7.4.2, "its sockets close at once", as /ws
// sockets do (compat-socket.ts). A single sign-out leaves the tRPC socket to its own rule (trpc-socket.ts: its
// subscriptions end with UNAUTHORIZED, its next calls are refused). Which sockets belong to the account is
// decided here, from the context each socket is opened with, so the socket's handler needs no change.
import type { WebSocket } from 'ws';
import type { SignOuts } from '../auth/sign-outs';
import type { Context } from '../context';

/** Close code and reason of a socket whose account's sign-ins all ended (the 4401 of /ws and the tRPC socket). */
export const ACCOUNT_SIGNED_OUT = { code: 4401, reason: 'Signed out' } as const;

type SocketContextFactory<O> = (opts: O) => Promise<Context>;

/**
 * The tRPC socket's context factory (its `res` is the socket), which also closes the socket when every
 * sign-in of the context's account ends. The close waits one turn, so that the subscriptions the same
 * revocation ends first tell the client why (their UNAUTHORIZED frames go out before the close).
 */
export function closingWithTheAccount<O>(
  signOuts: SignOuts,
  createContext: SocketContextFactory<O>,
): SocketContextFactory<O & { res: unknown }> {
  return async (opts) => {
    const ctx = await createContext(opts);
    const socket = opts.res as WebSocket;
    if (ctx.user && socket.readyState === socket.OPEN) {
      const stop = signOuts.watchUser(ctx.user.id, () => {
        socket.off('close', stop);
        setImmediate(() => {
          if (socket.readyState === socket.OPEN) socket.close(ACCOUNT_SIGNED_OUT.code, ACCOUNT_SIGNED_OUT.reason);
        });
      });
      socket.once('close', stop);
    }
    return ctx;
  };
}
