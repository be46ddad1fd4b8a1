import { describe, expect, it } from 'vitest';
import type { ChainEvent } from '../events/chain-event.js';
import { addressHandle } from './address-handle.js';
import { EventMerger } from './event-merger.js';
import { LaunchTape } from './launch/launch-tape.js';
import type { TapeOutput } from './launch/tape-output.js';
import { Sfc32 } from './random/sfc32.js';
import { SlotClock } from './slot-clock.js';

const clock = new SlotClock(0, 0);

/** A tape of curve buys at explicit (slot, tx index) positions, the wallet naming each. */
function tape(trades: [number, number, string][]): TapeOutput {
  const t = new LaunchTape(new Sfc32(1), new Sfc32(2), clock, 1e9, 'mint', 'pool');
  for (const [slot, tx, wallet] of trades)
    t.curveTrade(slot, tx, null, 5000, addressHandle(wallet), 'buy', 1, 1, 1, 1);
  return t.finish();
}

const drain = (m: EventMerger) => {
  const out: ChainEvent[] = [];
  while (m.size > 0) out.push(m.pop());
  return out;
};
const walletOf = (e: ChainEvent) => (e.kind === 'curve_trade' ? e.wallet : '');

describe('EventMerger', () => {
  it('merges launches into (slot, tx index) order', () => {
    const m = new EventMerger();
    m.add(
      0,
      tape([
        [1, 0, 'a1'],
        [5, 3, 'a5'],
        [9, 0, 'a9'],
      ]),
    );
    m.add(
      1,
      tape([
        [2, 0, 'b2'],
        [5, 0, 'b5'],
        [7, 1, 'b7'],
      ]),
    );
    m.add(2, tape([[3, 0, 'c3']]));
    const out = drain(m);
    expect(out.map(walletOf)).toEqual(['a1', 'b2', 'c3', 'a5', 'b5', 'b7', 'a9']);
    for (let i = 1; i < out.length; i++) {
      const [p, e] = [out[i - 1], out[i]];
      expect(e.slot > p.slot || (e.slot === p.slot && e.tx_index > p.tx_index)).toBe(true);
    }
  });

  it('shifts a later launch past the earlier one in a shared slot and keeps its own runs and gaps', () => {
    const m = new EventMerger();
    m.add(
      0,
      tape([
        [10, 0, 'create'],
        [10, 1, 'b1'],
        [10, 2, 'b2'],
        [10, 4, 's'],
      ]),
    );
    m.add(
      1,
      tape([
        [10, 0, 'x0'],
        [10, 1, 'x1'],
        [10, 5, 'x5'],
      ]),
    );
    const out = drain(m);
    expect(out.slice(0, 4).map((e) => e.tx_index)).toEqual([0, 1, 2, 4]);
    const [x0, x1, x5] = out.slice(4).map((e) => e.tx_index);
    expect(x0).toBeGreaterThan(5);
    expect([x1 - x0, x5 - x0]).toEqual([1, 5]);
  });
});
