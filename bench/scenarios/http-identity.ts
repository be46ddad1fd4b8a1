/**
 * Paid `GET /v1/identity/{mint}` with a funded key: cold (10 distinct recent mints, one at a time,
 * each computed by the engine) and kept (the same 10 at 50 connections; an identity record never
 * changes after the token's analysis, so the route keeps it). Prints one JSON line.
 */
import { load, withBenchServer } from '../support/http-harness.js';

const result = await withBenchServer(async (s) => {
  const mints = s.mints.slice(0, 10);
  const cold: number[] = [];
  for (const m of mints) {
    const started = performance.now();
    const r = await fetch(`${s.app}/v1/identity/${m}`, { headers: { 'x-api-key': s.key } });
    await r.arrayBuffer();
    if (r.status !== 200) throw new Error(`identity answered ${r.status}`);
    cold.push(performance.now() - started);
  }
  cold.sort((a, b) => a - b);
  const kept = await load({
    url: s.app,
    cpuUrl: `${s.hello}/cpu`,
    headers: { 'x-api-key': s.key },
    paths: mints.map((m) => `/v1/identity/${m}`),
  });
  return {
    name: 'http-identity',
    launches: s.launches,
    cold_ms: { p50: Math.round(cold[4]), max: Math.round(cold[9]), n: cold.length },
    kept: { connections: 50, ...kept },
  };
});
process.stdout.write(`${JSON.stringify(result)}\n`);
