// The probe of bench:abuse, as its own process (an attack's client work never delays it):
// GET /api/config every 10 ms from its own loopback address, one request at a time (the
// next is sent at the next 10 ms tick, or at once when the last took longer), each
// latency kept while armed. Over IPC: { op: 'start' }, { op: 'stop' } -> the latencies.
import http from 'node:http';
import { exitWithParent } from '../exit-with-parent';

// A crash of the benchmark must not leave this process running (bench/exit-with-parent.ts).
exitWithParent();

const url = new URL(`${process.env.PROBE_URL}/api/config`);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: process.env.PROBE_ADDRESS ?? '127.0.0.1' });
const EVERY_MS = 10;

let armed = false;
let latencies: number[] = [];
let failures = 0;
/** When the request in flight was sent (null between requests). */
let inFlightSince: number | null = null;

function once(): Promise<void> {
  const t0 = performance.now();
  inFlightSince = t0;
  return new Promise((resolve) => {
    const req = http.get({ host: url.hostname, port: url.port, path: url.pathname, agent }, (res) => {
      res.resume();
      res.on('end', () => {
        inFlightSince = null;
        if (armed) {
          if (res.statusCode === 200) latencies.push(performance.now() - t0);
          else failures++;
        }
        resolve();
      });
    });
    req.on('error', () => {
      inFlightSince = null;
      if (armed) failures++;
      resolve();
    });
  });
}

async function loop() {
  for (;;) {
    const t0 = performance.now();
    await once();
    const wait = EVERY_MS - (performance.now() - t0);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
}

process.on('message', (command: { op: 'start' | 'stop' | 'exit' }) => {
  if (command.op === 'start') {
    latencies = [];
    failures = 0;
    armed = true;
    process.send?.({ op: 'started' });
  } else if (command.op === 'stop') {
    armed = false;
    // A request still unanswered counts with what it has waited so far (a stall not over yet).
    if (inFlightSince !== null) latencies.push(performance.now() - inFlightSince);
    process.send?.({ op: 'stopped', latencies, failures });
  } else process.exit(0);
});
process.send?.({ op: 'ready' });
void loop();
