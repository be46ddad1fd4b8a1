import type { ExitRecord } from './exit-record.js';

/** The one plain sentence of an exit check. */
export function exitSays(symbolOrMint: string, exit: ExitRecord): string {
  const worst = exit.worst_retained_pct;
  const sizes = exit.ladder.map((r) => `${r.size_usd} USD`).join(' and ');
  switch (exit.verdict) {
    case 'blocked': {
      const why = exit.ladder.find((r) => r.no_route_reason !== null)?.no_route_reason ?? 'no route';
      return `${symbolOrMint} could not be round-tripped right now (${why}); treat it as unsellable.`;
    }
    case 'clear':
      return `${symbolOrMint} round-trips cleanly at ${sizes}: the worst rung keeps ${worst}% of the SOL put in.`;
    default:
      return `${symbolOrMint} exit is ${exit.verdict}: a buy then sell at the worst rung keeps only ${worst}% of the SOL put in.`;
  }
}
