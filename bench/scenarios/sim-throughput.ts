// World-simulator throughput: generates a seeded 6k-launch history (no builder) and counts events;
// the rate is per event, so a quarter of the default dataset keeps the scenario near 30 s.
// Run: npx tsx bench/sim-throughput.ts [--launches N] [--runs R]  → one JSON line, median of the runs.
import { defaultKnownWalletsPath, loadKnownWallets, simulateWorld } from '@launchlens/indexer';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const launches = arg('launches', 6_000);
const runCount = arg('runs', 3);
const knownExchanges = loadKnownWallets(defaultKnownWalletsPath())
  .filter((k) => k.kind === 'exchange')
  .map((k) => ({ address: k.address, name: k.name }));

const runs: number[] = [];
const cpuRuns: number[] = [];
let events = 0;
for (let r = 0; r < runCount; r++) {
  const world = simulateWorld({ launches, seed: 42, end: Date.UTC(2026, 0, 1), knownExchanges });
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let n = 0;
  for (const _ of world.events) n++;
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  events = n;
  runs.push(Math.round(n / seconds));
  cpuRuns.push(Math.round(n / ((cpu.user + cpu.system) / 1e6)));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(
  JSON.stringify({
    name: 'sim',
    unit: 'events/s',
    median: median(runs),
    runs,
    launches,
    events,
    events_per_cpu_s: median(cpuRuns),
    peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
  }),
);
