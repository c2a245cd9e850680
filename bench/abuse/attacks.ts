// The attacks of issue #24's table, each from one client. Every one works whatever the
// server does: an answer, a tRPC error, an HTTP refusal or a closed socket is counted,
// never a crash of the bench. Accepted position reports are counted as stored rows.
import sharp from 'sharp';
import { type Answer, Browser, describeErrors, json, Socket, TrpcTally, trpcRequest } from './client';
import { type Bench, type MemoryFigures, nextAddress, pause } from './harness';
import { type Guest, SPOT, storedPositions, type World } from './setup';

/** What one attack reports: a line of what happened and its goals (beside the probe's). */
export type Outcome = { detail: string; goals: { text: string; pass: boolean }[] };
export type Attack = {
  name: string;
  /** The guest it needs, if any (each attack its own). */
  guest?: string;
  run: (bench: Bench, world: World) => Promise<Outcome>;
  /** Goals on the server's memory growth, judged after the run. */
  memoryGoal?: (memory: MemoryFigures, outcome: Outcome) => { text: string; pass: boolean };
};

const MAX_STORED_POSITIONS = 60;
const MAX_SUBSCRIPTIONS_PER_SOCKET = 10;
const MAX_SOCKETS = 20;
const MAX_PICTURE_GROWTH = 150 * 1024 * 1024;

/** Opens a socket and waits until it is open or refused. */
async function connect(url: string, opts: { cookie?: string; localAddress?: string } = {}) {
  const socket = new Socket(url, opts);
  await socket.until(() => socket.opened, 5_000);
  return socket;
}

/** One frame holding `count` tRPC calls; waits for every answer (or the socket's end). */
async function trpcFrame(bench: Bench, calls: ReturnType<typeof trpcRequest>[], opts: { cookie?: string }) {
  const socket = await connect(`${bench.wsUrl}/trpc`, { ...opts, localAddress: nextAddress() });
  const frame = JSON.stringify(calls);
  if (!socket.opened) return { note: socket.closedNote(), frameBytes: Buffer.byteLength(frame), answers: new TrpcTally() };
  socket.send(frame);
  await socket.settle(() => socket.trpc.results + socket.trpc.errors >= calls.length, { firstMs: 30_000 });
  const note = socket.closedNote(); // before our own close
  socket.close();
  return { note, frameBytes: Buffer.byteLength(frame), answers: socket.trpc };
}

/** A hunter standing still: every report plausible (a move within one millisecond would be a jump). */
const position = () => ({ lat: SPOT.lat, lng: SPOT.lng, accuracy: 5 });

/** `batches` tRPC HTTP batches of `size` comms.reportPosition sent at once by one guest: calls answered, refused, stored. */
async function positionBatches(bench: Bench, guest: Guest, sessionId: number, batches: number, size: number) {
  const before = await storedPositions(bench, guest.userId);
  const paths = Array.from({ length: size }, () => 'comms.reportPosition').join(',');
  const statuses = new Map<number, number>();
  let ok = 0;
  let refused = 0;
  let firstError = '';
  await Promise.all(
    Array.from({ length: batches }, async () => {
      const body = Object.fromEntries(Array.from({ length: size }, (_, i) => [String(i), { json: { id: sessionId, ...position() } }]));
      const answer = await guest.post(`/trpc/${paths}?batch=1`, body).catch(() => null);
      statuses.set(answer?.status ?? 0, (statuses.get(answer?.status ?? 0) ?? 0) + 1);
      const results = answer ? json<unknown[]>(answer) : undefined;
      if (!Array.isArray(results)) {
        refused += size; // the whole batch refused (or no answer)
        if (answer) firstError ||= errorText(answer);
        return;
      }
      for (const r of results) {
        if ((r as { error?: unknown }).error) {
          refused++;
          firstError ||= errorText({ ...answer!, body: Buffer.from(JSON.stringify(r)) });
        } else ok++;
      }
    }),
  );
  const stored = (await storedPositions(bench, guest.userId)) - before;
  const byStatus = [...statuses].map(([status, n]) => `${n}× ${status}`).join(', ');
  return {
    detail: `${batches * size} position reports sent, ${stored} stored; calls ${ok} ok, ${refused} refused${firstError ? ` ("${firstError.slice(0, 70)}")` : ''}; batches: ${byStatus}`,
    goals: [{ text: `stored <= ${MAX_STORED_POSITIONS}`, pass: stored <= MAX_STORED_POSITIONS }],
  };
}

export const ATTACKS: Attack[] = [
  ...(['signed out', 'guest'] as const).map(
    (who): Attack => ({
      // Signed out as in the issue; as a guest too, so the cap on calls per frame is measured
      // even once the socket needs a sign-in.
      name: `tRPC socket: one frame of 3,000 billing.plans (${who})`,
      guest: who === 'guest' ? 'frame-plans' : undefined,
      async run(bench, world) {
        const calls = Array.from({ length: 3000 }, (_, i) => trpcRequest(i + 1, 'query', 'billing.plans'));
        const cookie = who === 'guest' ? world.guest('frame-plans').cookie : undefined;
        const { note, frameBytes, answers } = await trpcFrame(bench, calls, { cookie });
        return {
          detail:
            `${calls.length} calls in one ${(frameBytes / 1024).toFixed(0)} KB frame: ${answers.results} answered, ${answers.errors} refused` +
            `${answers.errors ? ` (${describeErrors(answers.errorMessages)})` : ''}${note}`,
          goals: [],
        };
      },
    }),
  ),
  {
    name: 'tRPC socket: one frame of 500 comms.reportPosition (guest)',
    guest: 'frame-positions',
    async run(bench, world) {
      const guest = world.guest('frame-positions');
      const before = await storedPositions(bench, guest.userId);
      const calls = Array.from({ length: 500 }, (_, i) => trpcRequest(i + 1, 'mutation', 'comms.reportPosition', { id: world.sessionId, ...position() }));
      const { note, answers } = await trpcFrame(bench, calls, { cookie: guest.cookie });
      const stored = (await storedPositions(bench, guest.userId)) - before;
      return {
        detail:
          `${calls.length} position reports sent, ${stored} stored; ${answers.results} answered ok, ${answers.errors} refused` +
          `${answers.errors ? ` (${describeErrors(answers.errorMessages)})` : ''}${note}`,
        goals: [{ text: `stored <= ${MAX_STORED_POSITIONS}`, pass: stored <= MAX_STORED_POSITIONS }],
      };
    },
  },
  {
    name: 'tRPC socket: 50 comms.events subscriptions from lastEventId 0 (guest, ~4,000 events)',
    guest: 'subscriptions',
    async run(bench, world) {
      const guest = world.guest('subscriptions');
      const socket = await connect(`${bench.wsUrl}/trpc`, { cookie: guest.cookie, localAddress: nextAddress() });
      const calls = Array.from({ length: 50 }, (_, i) =>
        trpcRequest(i + 1, 'subscription', 'comms.events', { sessionId: world.sessionId, lastEventId: 0 }),
      );
      if (socket.opened) socket.send(JSON.stringify(calls));
      // Every answer, then the replays until the socket falls quiet.
      await socket.settle(() => false, { quietMs: 1_000, firstMs: 5_000, maxMs: 30_000 });
      const answers = socket.trpc;
      const note = socket.closedNote();
      socket.close();
      return {
        detail:
          `${calls.length} subscriptions sent, ${answers.started} started, ${answers.errors} refused` +
          `${answers.errors ? ` (${describeErrors(answers.errorMessages)})` : ''}; ${answers.data} events replayed${note}`,
        goals: [{ text: `subscriptions <= ${MAX_SUBSCRIPTIONS_PER_SOCKET}`, pass: answers.started <= MAX_SUBSCRIPTIONS_PER_SOCKET }],
      };
    },
  },
  {
    name: '/ws: 20 subscribes a second from lastEventId 0, for 3 s (guest)',
    guest: 'ws-subscribes',
    async run(bench, world) {
      const guest = world.guest('ws-subscribes');
      const socket = await connect(`${bench.wsUrl}/ws?sessionId=${world.sessionId}`, { cookie: guest.cookie, localAddress: nextAddress() });
      let sent = 0;
      for (let second = 0; second < 3 && !socket.closed; second++) {
        const t0 = Date.now();
        for (let i = 0; i < 20; i++) {
          socket.send(JSON.stringify({ type: 'subscribe', sessionId: world.sessionId, lastEventId: 0 }));
          sent++;
          await pause(1000 / 20);
        }
        await pause(Math.max(0, 1000 - (Date.now() - t0)));
      }
      await socket.settle(() => false, { quietMs: 1_000, firstMs: 2_000, maxMs: 30_000 });
      const note = socket.closedNote();
      socket.close();
      // The connect's own subscription is not one of the attack's.
      const subscribed = Math.max(0, socket.compat.subscribed - 1);
      const { errors, other: events } = socket.compat;
      return {
        detail: `${sent} subscribes sent, ${subscribed} accepted, ${errors} refused; ${events} events replayed${note}`,
        goals: [],
      };
    },
  },
  {
    name: 'tRPC HTTP: 20 batches of 50 comms.reportPosition at once (guest)',
    guest: 'http-positions',
    run: (bench, world) => positionBatches(bench, world.guest('http-positions'), world.sessionId, 20, 50),
  },
  // The same floods paced under the outer caps (calls per message, messages a second, batch
  // size), so the inner limits are what answer: the subscriptions per socket and the
  // position budget. An attacker who reads the caps sends this, not the single big frame.
  {
    name: 'tRPC socket: 50 comms.events subscriptions from lastEventId 0, one a frame at 15 frames/s (guest)',
    guest: 'paced-subscriptions',
    async run(bench, world) {
      const guest = world.guest('paced-subscriptions');
      const socket = await connect(`${bench.wsUrl}/trpc`, { cookie: guest.cookie, localAddress: nextAddress() });
      for (let i = 0; i < 50 && socket.opened && !socket.closed; i++) {
        socket.send(JSON.stringify(trpcRequest(i + 1, 'subscription', 'comms.events', { sessionId: world.sessionId, lastEventId: 0 })));
        await pause(1000 / 15);
      }
      await socket.settle(() => false, { quietMs: 1_000, firstMs: 2_000, maxMs: 30_000 });
      const answers = socket.trpc;
      const note = socket.closedNote();
      socket.close();
      return {
        detail:
          `50 subscriptions sent, ${answers.started} started, ${answers.errors} refused` +
          `${answers.errors ? ` (${describeErrors(answers.errorMessages)})` : ''}; ${answers.data} events replayed${note}`,
        goals: [{ text: `subscriptions <= ${MAX_SUBSCRIPTIONS_PER_SOCKET}`, pass: answers.started <= MAX_SUBSCRIPTIONS_PER_SOCKET }],
      };
    },
  },
  {
    name: 'tRPC socket: 40 frames of 25 comms.reportPosition at 15 frames/s (guest)',
    guest: 'paced-frame-positions',
    async run(bench, world) {
      const guest = world.guest('paced-frame-positions');
      const before = await storedPositions(bench, guest.userId);
      const socket = await connect(`${bench.wsUrl}/trpc`, { cookie: guest.cookie, localAddress: nextAddress() });
      let id = 0;
      for (let frame = 0; frame < 40 && socket.opened && !socket.closed; frame++) {
        const calls = Array.from({ length: 25 }, () => trpcRequest(++id, 'mutation', 'comms.reportPosition', { id: world.sessionId, ...position() }));
        socket.send(JSON.stringify(calls));
        await pause(1000 / 15);
      }
      await socket.settle(() => socket.trpc.results + socket.trpc.errors >= id, { quietMs: 1_000, firstMs: 5_000, maxMs: 30_000 });
      const answers = socket.trpc;
      const note = socket.closedNote();
      socket.close();
      const stored = (await storedPositions(bench, guest.userId)) - before;
      return {
        detail:
          `${id} position reports sent, ${stored} stored; ${answers.results} answered ok, ${answers.errors} refused` +
          `${answers.errors ? ` (${describeErrors(answers.errorMessages)})` : ''}${note}`,
        goals: [{ text: `stored <= ${MAX_STORED_POSITIONS}`, pass: stored <= MAX_STORED_POSITIONS }],
      };
    },
  },
  {
    name: 'tRPC HTTP: 40 batches of 25 comms.reportPosition at once (guest)',
    guest: 'paced-http-positions',
    run: (bench, world) => positionBatches(bench, world.guest('paced-http-positions'), world.sessionId, 40, 25),
  },
  {
    name: 'tRPC HTTP: one GET batch URL of 285 billing.plans (signed out)',
    async run(bench) {
      const client = new Browser(bench.url, nextAddress());
      const paths = Array.from({ length: 285 }, () => 'billing.plans').join(',');
      const answer = await client.get(`/trpc/${paths}?batch=1&input=${encodeURIComponent('{}')}`);
      client.close();
      const results = json<unknown[]>(answer);
      const answered = Array.isArray(results) ? results.filter((r) => !(r as { error?: unknown }).error).length : 0;
      return {
        detail: `URL of ${paths.length + 30} bytes: ${answer.status}${answer.status === 200 ? '' : ` "${errorText(answer)}"`}, ${answered} calls answered, ${(answer.body.length / 1024).toFixed(0)} KB in ${answer.ms.toFixed(0)} ms`,
        goals: [],
      };
    },
  },
  ...(['/api/auth/login', '/trpc/auth.login'] as const).map(
    (path): Attack => ({
      name: `1 MB of nested [ to ${path.startsWith('/api') ? 'REST' : '/trpc'} (${path})`,
      async run(bench) {
        const client = new Browser(bench.url, nextAddress());
        const body = '['.repeat(1_000_000);
        const answer = await client.post(path, body, { 'content-type': 'application/json' }).catch((err) => ({ status: 0, error: String(err), ms: 0 }));
        client.close();
                const error = 'body' in answer ? errorText(answer) : answer.error;
        return { detail: `answered ${answer.status}${error ? ` "${String(error).slice(0, 60)}"` : ''} in ${answer.ms.toFixed(0)} ms`, goals: [] };
      },
    }),
  ),
  {
    name: 'upload: a JPEG of 8000 x 8000 pixels (guest)',
    guest: 'picture',
    async run(_bench, world) {
      const guest = world.guest('picture');
      const picture = await bigPicture();
      const answer = await guest.upload(
        `/api/game-sessions/${world.sessionId}/upload-media`,
        { field: 'media', name: 'field.jpg', type: 'image/jpeg', bytes: picture.bytes },
        { recipientType: 'all', message: 'Look at this' },
      );
      const body = json<{ mediaUrl?: string }>(answer);
      const stored = answer.status === 200;
      return {
        detail: `${(picture.bytes.length / 1024).toFixed(0)} KB, ${picture.width} x ${picture.height}: ${answer.status} ${stored ? `stored (${body?.mediaUrl})` : `refused "${errorText(answer)}"`} in ${answer.ms.toFixed(0)} ms`,
        goals: [],
      };
    },
    memoryGoal: (memory, outcome) => {
      const refused = !/: 200 stored/.test(outcome.detail);
      return { text: 'refused, or < +150 MB peak RSS', pass: refused || memory.peakRss < MAX_PICTURE_GROWTH };
    },
  },
  {
    name: '/ws: 60 sockets on one guest sign-in (no sessionId)',
    guest: 'ws-sockets',
    async run(bench, world) {
      const guest = world.guest('ws-sockets');
      const localAddress = nextAddress();
      const sockets: Socket[] = [];
      for (let i = 0; i < 60; i++) {
        const socket = new Socket(`${bench.wsUrl}/ws`, { cookie: guest.cookie, localAddress });
        sockets.push(socket);
        await socket.until(() => socket.frames.some((f) => f.includes('"type":"connected"')), 5_000);
      }
      await pause(1_000);
      const held = sockets.filter((s) => !s.closed && s.frames.some((f) => f.includes('"type":"connected"'))).length;
      const codes = closeCodes(sockets);
      for (const s of sockets) s.close();
      return {
        detail: `60 sockets tried, ${held} held open${codes ? `; refused: ${codes}` : ''}`,
        goals: [{ text: `sockets <= ${MAX_SOCKETS}`, pass: held <= MAX_SOCKETS }],
      };
    },
  },
  {
    name: '/trpc: 60 signed-out sockets from one address',
    async run(bench) {
      const localAddress = nextAddress();
      const sockets: Socket[] = [];
      for (let i = 0; i < 60; i++) {
        const socket = await connect(`${bench.wsUrl}/trpc`, { localAddress });
        sockets.push(socket);
        socket.send('PING');
        await socket.until(() => socket.frames.includes('PONG'), 2_000);
      }
      await pause(1_000);
      const held = sockets.filter((s) => !s.closed && s.frames.includes('PONG')).length;
      const codes = closeCodes(sockets);
      for (const s of sockets) s.close();
      return {
        detail: `60 sockets tried, ${held} held open and answering${codes ? `; refused: ${codes}` : ''}`,
        goals: [{ text: `sockets <= ${MAX_SOCKETS}`, pass: held <= MAX_SOCKETS }],
      };
    },
  },
];

/** The message of an error answer: REST's { error, message }, tRPC's { error: { json: { message } } }. */
function errorText(answer: Answer): string {
  const body = json<any>(answer);
  if (Array.isArray(body)) return errorText({ ...answer, body: Buffer.from(JSON.stringify(body[0] ?? {})) });
  const e = body?.error;
  if (typeof e === 'string') return body.message ? `${e}: ${body.message}` : e;
  return String(e?.json?.message ?? e?.message ?? body?.message ?? '');
}

/** "40× 4429 "Too many sockets"" from the closed sockets. */
function closeCodes(sockets: Socket[]): string {
  const counts = new Map<string, number>();
  for (const s of sockets) {
    if (!s.closed && s.opened) continue;
    const key = s.closed ? `${s.closed.code}${s.closed.reason ? ` "${s.closed.reason}"` : ''}` : (s.error ?? 'not opened');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([k, n]) => `${n}× ${k}`).join(', ');
}

let picture: { bytes: Buffer; width: number; height: number } | null = null;
/**
 * 8000 x 8000 pixels of nearly one colour (a field, a sky): a few hundred KB of JPEG
 * that decodes to 192 MB of pixels (8000 x 8000 x 3).
 */
export async function bigPicture() {
  if (!picture) {
    const bytes = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: { r: 96, g: 142, b: 64 } } })
      .jpeg({ quality: 80 })
      .toBuffer();
    const meta = await sharp(bytes).metadata();
    if (meta.width !== 8000 || meta.height !== 8000) throw new Error(`picture is ${meta.width} x ${meta.height}`);
    picture = { bytes, width: meta.width, height: meta.height };
  }
  return picture;
}
