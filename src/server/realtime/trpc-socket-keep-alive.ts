// tRPC's server keep-alive (a socket silent for pingMs hears 'PING' and is ended if
// nothing comes back within pongWaitMs), kept by ONE shared sweep over every socket
// instead of two timers per socket. A socket records when it last heard anything.
import type { WebSocket } from 'ws';

export type KeepAliveOptions = { pingMs: number; pongWaitMs: number };

/** What the sweep reads and writes on each socket's state. */
export type KeptAlive = {
  readonly socket: WebSocket;
  /** Date.now() of the last message heard (any message counts, as in tRPC). */
  heardAt: number;
  /** Date.now() of the unanswered 'PING', or 0. */
  pingedAt: number;
};

export type KeepAlive = {
  add(kept: KeptAlive): void;
  delete(kept: KeptAlive): void;
  /** One sweep now (the timer calls it; tests too). */
  sweep(now?: number): void;
  readonly size: number;
};

/** Marks a socket as heard from: it is alive, whatever it said. */
export function heard(kept: KeptAlive, now = Date.now()): void {
  kept.heardAt = now;
  kept.pingedAt = 0;
}

export function createKeepAlive({ pingMs, pongWaitMs }: KeepAliveOptions): KeepAlive {
  const sockets = new Set<KeptAlive>();
  let timer: NodeJS.Timeout | null = null;
  // Fine enough that a ping goes out within pingMs + tick of silence and a dead socket
  // ends within pongWaitMs + tick of its ping.
  const tickMs = Math.max(10, Math.min(pingMs, pongWaitMs));

  const sweep = (now = Date.now()) => {
    for (const kept of sockets) {
      const { socket } = kept;
      if (socket.readyState !== socket.OPEN) continue;
      if (kept.pingedAt > 0) {
        if (now - kept.pingedAt >= pongWaitMs) socket.terminate();
      } else if (now - kept.heardAt >= pingMs) {
        kept.pingedAt = now;
        socket.send('PING');
      }
    }
  };

  return {
    add(kept) {
      sockets.add(kept);
      if (!timer) {
        timer = setInterval(sweep, tickMs);
        timer.unref();
      }
    },
    delete(kept) {
      sockets.delete(kept);
      if (sockets.size === 0 && timer) {
        clearInterval(timer);
        timer = null;
      }
    },
    sweep,
    get size() {
      return sockets.size;
    },
  };
}
