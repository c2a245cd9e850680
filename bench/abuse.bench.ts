// Issue #24's attacks against the real server (src/server/main.ts in a child process: a
// fresh temporary database, a loopback port, every limit at its production default),
// each from one client with a probe beside it (GET /api/config every 10 ms, from its own
// process and address). Per attack: the probe's worst and p99 latency, what was sent and
// what the server accepted (stored rows counted in the database, not answers), the
// server's memory growth (peak RSS and heap during the attack, sampled in the server,
// reported over IPC), and PASS/FAIL against the issue's goals. Then the checks that hold
// or fail: malicious lockout, join lock, media privacy, CSP connect-src, account disable.
// Run: npm run bench:abuse   (ONLY=<words> runs the attacks and checks whose name contains
// one of them, comma-separated; LOG_LEVEL=info shows the server's log.)
import os from 'node:os';
import { ATTACKS, type Attack, bigPicture } from './abuse/attacks';
import { type Bench, type MemoryFigures, mb, ms, PROBE_GOAL_MS, type ProbeFigures, pause, startBench } from './abuse/harness';
import { type Check, SCENARIOS } from './abuse/scenarios';
import { buildWorld, HISTORY_EVENTS } from './abuse/setup';

const IDLE_S = 3;
const only = process.env.ONLY?.split(',').map((w) => w.trim().toLowerCase()).filter(Boolean);
const chosen = <T extends { name: string }>(items: T[]) => (only ? items.filter((i) => only.some((w) => i.name.toLowerCase().includes(w))) : items);

type Row = {
  name: string;
  probe: ProbeFigures;
  memory: MemoryFigures;
  seconds: number;
  detail: string;
  goals: { text: string; pass: boolean }[];
};

async function runAttack(bench: Bench, world: Awaited<ReturnType<typeof buildWorld>>, attack: Attack): Promise<Row> {
  try {
    const { result, probe, memory, seconds } = await bench.measure(() => attack.run(bench, world));
    const goals = [{ text: `probe worst <= ${PROBE_GOAL_MS} ms`, pass: probe.worst <= PROBE_GOAL_MS }, ...result.goals];
    if (attack.memoryGoal) goals.push(attack.memoryGoal(memory, result));
    return { name: attack.name, probe, memory, seconds, detail: result.detail, goals };
  } catch (err) {
    const nan = Number.NaN;
    return {
      name: attack.name,
      probe: { count: 0, p50: nan, p99: nan, worst: nan, failures: 0, overGoal: 0 },
      memory: { peakRss: nan, peakHeap: nan, peakExternal: nan, afterRss: nan },
      seconds: 0,
      detail: `the bench failed: ${String(err)}`,
      goals: [{ text: 'ran', pass: false }],
    };
  }
}

function printRow(row: Row, i: number) {
  const pass = row.goals.every((g) => g.pass);
  console.log(`\n${i + 1}. ${row.name}  [${pass ? 'PASS' : 'FAIL'}]`);
  console.log(`   ${row.detail}`);
  console.log(
    `   probe: worst ${ms(row.probe.worst)}, p99 ${ms(row.probe.p99)}, median ${ms(row.probe.p50)} (${row.probe.count} probes, ${row.probe.overGoal} over ${PROBE_GOAL_MS} ms${row.probe.failures ? `, ${row.probe.failures} failed` : ''}); ` +
      `server memory: peak RSS ${mb(row.memory.peakRss)}, peak heap ${mb(row.memory.peakHeap)}, RSS after GC ${mb(row.memory.afterRss)}; ${row.seconds.toFixed(1)} s`,
  );
  console.log(`   goals: ${row.goals.map((g) => `${g.text} ${g.pass ? 'ok' : 'MISSED'}`).join('; ')}`);
}

async function main() {
  const t0 = performance.now();
  const attacks = chosen(ATTACKS);
  const scenarios = chosen(SCENARIOS);
  console.log(`bench:abuse on ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  if (attacks.some((a) => a.name.includes('8000'))) await bigPicture(); // made before the server runs
  const bench = await startBench();
  const rows: Row[] = [];
  const checks: Check[] = [];
  let baseline: Row | null = null;
  try {
    const guests = [...attacks, ...scenarios].flatMap((a) => (a.guest ? [a.guest] : []));
    const world = await buildWorld(bench, guests);
    console.log(`server pid ${bench.serverPid} at ${bench.url} (its log: ${bench.log}); session ${world.sessionId} with ${HISTORY_EVENTS} events, ${guests.length} guests`);
    // The probe alone first: this machine's noise floor, beside which the attacks' figures read.
    const idle = await bench.measure(() => pause(IDLE_S * 1000));
    baseline = { name: `no attack: the probe alone for ${IDLE_S} s (noise floor)`, ...idle, detail: '-', goals: [] };
    console.log(`\n0. ${baseline.name}\n   probe: worst ${ms(idle.probe.worst)}, p99 ${ms(idle.probe.p99)}, median ${ms(idle.probe.p50)} (${idle.probe.count} probes)`);
    for (const [i, attack] of attacks.entries()) {
      const row = await runAttack(bench, world, attack);
      rows.push(row);
      printRow(row, i);
      await pause(500);
    }
    console.log('\nChecks');
    for (const scenario of scenarios) {
      const check = await scenario.run(bench, world).catch((err): Check => ({ name: scenario.name, held: false, detail: `the bench failed: ${String(err)}` }));
      checks.push(check);
      console.log(`- ${check.name}: ${check.held ? 'held' : 'FAILED'}\n    ${check.detail}`);
    }
  } finally {
    await bench.stop();
  }

  // The summary, as a Markdown table for docs/security.md.
  console.log('\n| attack | probe worst | probe p99 | accepted | server memory (peak RSS / heap) | result |');
  console.log('|---|---|---|---|---|---|');
  if (baseline) console.log(`| ${baseline.name} | ${ms(baseline.probe.worst)} | ${ms(baseline.probe.p99)} | - | ${mb(baseline.memory.peakRss)} / ${mb(baseline.memory.peakHeap)} | - |`);
  for (const row of rows) {
    const pass = row.goals.every((g) => g.pass);
    console.log(
      `| ${row.name} | ${ms(row.probe.worst)} | ${ms(row.probe.p99)} | ${row.detail.replaceAll('|', '/')} | ${mb(row.memory.peakRss)} / ${mb(row.memory.peakHeap)} | ${pass ? 'PASS' : `FAIL (${row.goals.filter((g) => !g.pass).map((g) => g.text).join('; ')})`} |`,
    );
  }
  if (checks.length) {
    console.log('\n| check | result | detail |');
    console.log('|---|---|---|');
    for (const c of checks) console.log(`| ${c.name} | ${c.held ? 'held' : 'failed'} | ${c.detail.replaceAll('|', '/')} |`);
  }
  const failed = rows.filter((r) => !r.goals.every((g) => g.pass)).length + checks.filter((c) => !c.held).length;
  console.log(
    `\n${rows.length + checks.length - failed} of ${rows.length + checks.length} passed/held; ${((performance.now() - t0) / 1000).toFixed(0)} s; load average now ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`,
  );
  process.exitCode = failed ? 1 : 0;
}

await main();
