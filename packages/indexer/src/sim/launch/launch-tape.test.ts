import { describe, expect, it } from 'vitest';
import { EventBatchEncoder } from '../../dataset/event-batch-encoder.js';
import type { ChainEvent } from '../../events/chain-event.js';
import { addressHandle } from '../address-handle.js';
import { Sfc32 } from '../random/sfc32.js';
import { SlotClock } from '../slot-clock.js';
import { LaunchTape } from './launch-tape.js';
import type { TapeOutput } from './tape-output.js';

const clock = new SlotClock(1000, Date.UTC(2026, 0, 1));
const newTape = (endSlot = 10_000) =>
  new LaunchTape(new Sfc32(1), new Sfc32(2), clock, endSlot, 'mint', 'pool');
const eventsOf = (out: TapeOutput): ChainEvent[] =>
  Array.from({ length: out.length }, (_, k) => out.event(k, out.txs[k]));
const walletOf = (e: ChainEvent) => (e.kind === 'curve_trade' ? e.wallet : '');

describe('LaunchTape', () => {
  it('sorts by slot, keeps explicit tx indexes and places the other events after them with gaps ≥ 2', () => {
    const tape = newTape();
    const trade = (slot: number, tx: number | undefined, wallet: string) =>
      tape.curveTrade(slot, tx, null, 5000, addressHandle(wallet), 'buy', 1, 1, 1, 1);
    trade(1002, undefined, 'late');
    tape.transfer(900, addressHandle('x'), addressHandle('y'), 1, 5000);
    trade(1000, undefined, 'auto-in-create-slot');
    trade(1000, 2, 'bundle2');
    trade(1000, 1, 'bundle1');
    trade(1000, 5, 'sniper');
    const events = eventsOf(tape.finish());
    expect(events.map((e) => e.slot)).toEqual([900, 1000, 1000, 1000, 1000, 1002]);
    const inCreateSlot = events.filter((e) => e.slot === 1000);
    expect(inCreateSlot.map(walletOf)).toEqual(['bundle1', 'bundle2', 'sniper', 'auto-in-create-slot']);
    expect(inCreateSlot.map((e) => e.tx_index).slice(0, 3)).toEqual([1, 2, 5]);
    expect(inCreateSlot[3].tx_index - 5).toBeGreaterThanOrEqual(2);
    expect(events.every((e) => e.at === clock.at(e.slot))).toBe(true);
  });

  it('keeps the events of one transaction together under one signature', () => {
    const tape = newTape();
    const sig = tape.signature();
    tape.create(1000, sig, 7000, 'pumpfun', 'dev', 'Name', 'SYM', 'curve', 1e15, 6);
    tape.authority(1000, sig, 7000, 'dev', 'mint', null);
    tape.curveTrade(1000, 0, sig, 7000, addressHandle('dev'), 'buy', 1e9, 3e13, 31e9, 1.04e15);
    tape.curveTrade(1000, 1, null, 9000, addressHandle('bundler'), 'buy', 1e9, 3e13, 32e9, 1.01e15);
    const events = eventsOf(tape.finish());
    expect(events.map((e) => e.kind)).toEqual(['create', 'authority_change', 'curve_trade', 'curve_trade']);
    expect(events.slice(0, 3).every((e) => e.signature === sig && e.tx_index === 0)).toBe(true);
    expect(events[3].signature).not.toBe(sig);
    expect(events[0].kind === 'create' && events[0].mint).toBe('mint');
  });

  it('drops events after the end of history', () => {
    const tape = newTape(2000);
    tape.transfer(1999, addressHandle('x'), addressHandle('y'), 1, 5000);
    tape.transfer(2001, addressHandle('x'), addressHandle('y'), 1, 5000);
    expect(eventsOf(tape.finish()).map((e) => e.slot)).toEqual([1999]);
  });

  it('encodes every kind of event into a batch as adding the built event would', () => {
    const record = () => {
      const tape = newTape();
      const sig = tape.signature();
      // One handle per address, as the simulator keeps one wallet object per address.
      const [dev, a, b, funder] = ['dev', 'a', 'b', 'funder'].map(addressHandle);
      tape.create(1000, sig, 7000, 'pumpfun', 'dev', 'Name', 'SYM', 'curve', 1e15, 6);
      tape.authority(1000, sig, 7000, 'dev', 'freeze', null);
      tape.curveTrade(1000, 0, sig, 7000, dev, 'buy', 1e9, 3e13, 31e9, 1.04e15);
      tape.curveTrade(1001, undefined, null, 9000, a, 'sell', 2e8, 1e12, 30e9, 1.05e15);
      tape.transfer(999, funder, a, 5e8, 5000);
      tape.migration(1100, 'migrator', 'pumpswap', 85e9, 2e14);
      tape.poolTrade(1101, 6000, b, 'buy', 3e9, 4e12, 86e9, 1.9e14);
      tape.poolTrade(1102, 6000, a, 'sell', 1e9, 1e12, 89e9, 1.8e14);
      return tape.finish();
    };
    const built = new EventBatchEncoder(64);
    const viaEvents = record();
    for (let k = 0; k < viaEvents.length; k++) built.add(viaEvents.event(k, viaEvents.txs[k]));
    const encoded = new EventBatchEncoder(64);
    const viaColumns = record();
    for (let k = 0; k < viaColumns.length; k++) viaColumns.encode(k, viaColumns.txs[k], encoded);
    const [a, b] = [built.take(), encoded.take()];
    expect(b.count).toBe(8);
    expect({ ...b, objects: b.objects.length }).toEqual({ ...a, objects: a.objects.length });
    expect(b.objects).toEqual(a.objects);
  });
});
