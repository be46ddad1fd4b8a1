/**
 * Paid `GET /v1/identity/{mint}` with a funded key, the server holding the identity index as
 * `main.ts` builds it at start: cold (10 distinct recent mints, one at a time, each computed by the
 * engine) and kept (the same 10 at 50 connections; an identity record never changes after the
 * token's analysis, so the route keeps it). Prints one JSON line.
 */
import { report } from '../scenario-result.js';
import { load, withBenchServer } from '../support/http-harness.js';

const result = await withBenchServer(
  async (s) => {
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
  },
  { identityIndex: true, warmScreens: false },
);
report(
  {
    name: 'http-identity cold',
    metric:
      'paid GET /v1/identity, first call of a mint (computed by the engine over the identity index), p50 of 10',
    unit: 'ms',
    value: result.cold_ms.p50,
    notes: `max ${result.cold_ms.max} ms; ${result.launches} launches`,
  },
  {
    name: 'http-identity kept',
    metric: `paid GET /v1/identity of kept records, ${result.kept.connections} connections`,
    unit: 'req/s',
    value: result.kept.rps,
    notes: `p50 ${result.kept.p50_ms} ms, p99 ${result.kept.p99_ms} ms, non-2xx ${result.kept.non2xx}`,
  },
);
