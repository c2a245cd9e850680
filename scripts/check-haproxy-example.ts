// Checks docs/examples/haproxy.cfg, the load-balancer example of docs/operations.md, for real: two
// compiled app processes on a fresh PostgreSQL database (the cluster harness, no proxy of its own)
// behind HAProxy started with that file (its server lines pointed at the two processes). Then:
// /readyz through HAProxy; sign-up, a session and hunters' /ws sockets through it (WebSocket upgrade);
// SIGTERM to process 0: HAProxy's checks see /readyz 503 and take it out while it drains, no request
// through the balancer fails meanwhile, and its sockets (closed with 1012) come back on process 1.
// Needs `haproxy` on the PATH (Debian: apt-get install haproxy) and PostgreSQL as for test:cluster.
//   npx tsx scripts/check-haproxy-example.ts
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { guestJoin, LiveSocket, liveSession, signInAdmin, sleep, subscribedGameMaster } from '../test/support/cluster-clients';
import { freePort, startCluster } from '../test/support/cluster-harness';

const DRAIN_MS = 5000;
const cluster = await startCluster({ processes: 2, proxy: false, env: { TRUST_PROXY: '127.0.0.1', SHUTDOWN_DRAIN_MS: String(DRAIN_MS) } });
let haproxy: ChildProcess | undefined;
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};
try {
  const port = await freePort();
  const config = fs
    .readFileSync('docs/examples/haproxy.cfg', 'utf8')
    .replace('bind :8080', `bind 127.0.0.1:${port}`)
    .replace(/server app1 \S+/, `server app1 127.0.0.1:${cluster.processes[0]!.port}`)
    .replace(/server app2 \S+/, `server app2 127.0.0.1:${cluster.processes[1]!.port}`);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dinohunt-haproxy-')), 'haproxy.cfg');
  fs.writeFileSync(file, config);
  haproxy = spawn('haproxy', ['-f', file, '-db'], { stdio: ['ignore', 'inherit', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  const wsUrl = `ws://127.0.0.1:${port}`;

  let ready = 0;
  for (let i = 0; i < 50 && ready !== 200; i += 1) {
    ready = await fetch(`${url}/readyz`).then((r) => r.status, () => 0);
    if (ready !== 200) await sleep(200);
  }
  check(ready === 200, '/readyz through HAProxy answers 200');

  const admin = await signInAdmin(url);
  const gm = await subscribedGameMaster(url, admin);
  const session = await liveSession(gm, { dinosaurs: 1 });
  const hunters = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => guestJoin(url, session.id, session.password, `Proxied ${i}`)));
  const sockets = hunters.map((h) => LiveSocket.open(wsUrl, session.id, h.cookies()));
  await Promise.all(sockets.map((s) => s.ready(20_000)));
  check(true, `sign-up, a live session and ${sockets.length} /ws sockets through HAProxy (WebSocket upgrade)`);

  // Process 0 stops: HAProxy must take it out while it drains, with no failed request meanwhile.
  const stopped = cluster.kill(0, 'SIGTERM');
  const statuses: number[] = [];
  const until = Date.now() + DRAIN_MS + 3000;
  while (Date.now() < until) {
    statuses.push(await fetch(`${url}/api/auth/user`, { headers: { cookie: hunters[0]!.cookies() } }).then((r) => r.status, () => 0));
    await sleep(100);
  }
  const exit = await stopped;
  check(exit.code === 0, `process 0 exits 0 after SIGTERM (code ${exit.code}, signal ${exit.signal})`);
  check(statuses.every((s) => s === 200), `every request through HAProxy during the drain and stop answered 200 (${statuses.length} requests: ${[...new Set(statuses)].join(', ')})`);

  const dropped = sockets.filter((s) => s.drops.length > 0);
  check(dropped.every((s) => s.drops[0]!.code === 1012), `sockets on the stopping process closed with 1012 (${dropped.length} of ${sockets.length})`);
  await Promise.all(sockets.map((s) => s.until(() => s.isLive, 15_000, 'live again')));
  check(true, 'every socket is live again through HAProxy (on the remaining process)');
  await Promise.all(sockets.map((s) => s.close()));
} finally {
  haproxy?.kill('SIGTERM');
  await cluster.stop();
}
if (failures.length > 0) {
  console.log(`\n${failures.length} check(s) failed`);
  process.exitCode = 1;
} else console.log('\ndocs/examples/haproxy.cfg works as docs/operations.md says');
