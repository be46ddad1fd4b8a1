import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES } from '../builder/classification-rules.js';
import { SnapshotBuilder } from '../builder/snapshot-builder.js';
import type { ChainEvent } from '../events/chain-event.js';
import { IndexerError } from '../indexer-error.js';
import { loadKnownWallets } from '../known-wallets/load-known-wallets.js';
import { defaultKnownWalletsPath } from '../repo-paths.js';
import { addressHandle } from '../sim/address-handle.js';
import { simulateWorld } from '../sim/simulate-world.js';
import { EventBatch } from './event-batch.js';
import { EventBatchDecoder } from './event-batch-decoder.js';
import { EventBatchEncoder } from './event-batch-encoder.js';

const knownExchanges = loadKnownWallets(defaultKnownWalletsPath())
  .filter((k) => k.kind === 'exchange')
  .map((k) => ({ address: k.address, name: k.name }));

const tokenTransfer: ChainEvent = {
  kind: 'token_transfer',
  slot: 5,
  tx_index: 3,
  at: 1_700_000_000_000,
  signature: 'sig',
  signer: 'alice',
  fee_lamports: 5000,
  mint: 'mint',
  from: 'alice',
  to: 'bob',
  token_raw: 42,
};

describe('EventBatchEncoder → EventBatchDecoder', () => {
  it('gives back every event of a simulated world, field for field and in order, across batches', () => {
    const world = simulateWorld({ launches: 30, seed: 3, end: Date.UTC(2026, 9, 1), knownExchanges });
    const events = [...world.events, tokenTransfer];
    const encoder = new EventBatchEncoder(1000);
    const decoder = new EventBatchDecoder();
    const decoded: ChainEvent[] = [];
    let batches = 0;
    const drain = () => {
      batches++;
      decoder.decode(structuredClone(encoder.take()), (e) => decoded.push(e));
    };
    for (const e of events) {
      encoder.add(e);
      if (encoder.full) drain();
    }
    drain();
    expect(batches).toBeGreaterThan(2);
    expect(decoded).toEqual(events);
  });

  it('forgets old addresses past its window and still decodes every event (a world through a 64-address window)', () => {
    const world = simulateWorld({ launches: 30, seed: 3, end: Date.UTC(2026, 9, 1), knownExchanges });
    const events = [...world.events];
    const encoder = new EventBatchEncoder(10, 64);
    const decoder = new EventBatchDecoder(64);
    const decoded: ChainEvent[] = [];
    let sent = 0;
    const drain = () => {
      const batch = structuredClone(encoder.take());
      sent += batch.addresses.length;
      decoder.decode(batch, (e) => decoded.push(e));
    };
    for (const e of events) {
      encoder.add(e);
      if (encoder.full) drain();
    }
    drain();
    const distinct = new Set(events.flatMap((e) => ('signer' in e ? [e.signer] : []))).size;
    expect(sent).toBeGreaterThan(distinct);
    expect(decoded).toEqual(events);
  });

  it('keeps the signer of an event signed by someone other than its sender', () => {
    const encoder = new EventBatchEncoder(8);
    const delegated: ChainEvent = { ...tokenTransfer, signer: 'carol' };
    encoder.add(delegated);
    encoder.add(tokenTransfer);
    const batch = encoder.take();
    expect(batch.addresses).toEqual(['mint', 'alice', 'bob', 'carol']);
    const out: ChainEvent[] = [];
    new EventBatchDecoder().decode(batch, (e) => out.push(e));
    expect(out).toEqual([delegated, tokenTransfer]);
  });

  it('refuses a window a single batch could overrun', () => {
    expect(() => new EventBatchEncoder(16, 64)).toThrow(IndexerError);
  });

  it('sends each address once and decodes repeats to the same string', () => {
    const encoder = new EventBatchEncoder(8);
    encoder.add(tokenTransfer);
    encoder.add({ ...tokenTransfer, from: 'bob', to: 'alice' });
    const batch = encoder.take();
    expect(batch.addresses).toEqual(['mint', 'alice', 'bob']);
    const out: ChainEvent[] = [];
    new EventBatchDecoder().decode(batch, (e) => out.push(e));
    expect(out[1]).toEqual({ ...tokenTransfer, from: 'bob', to: 'alice' });
  });

  it('a builder reading wallet ids through the decoder slots writes the rows a builder given the events writes (a 64-address window)', () => {
    const world = simulateWorld({ launches: 40, seed: 7, end: Date.UTC(2026, 9, 1), knownExchanges });
    const builderOf = (rows: [string, object][], slots: EventBatchDecoder['slots'] | null) =>
      new SnapshotBuilder(
        {
          rules: DEFAULT_RULES,
          exchanges: new Map(knownExchanges.map((k) => [k.address, k.name])),
          kolWallets: new Set(world.kols.map((k) => k.wallet)),
          solUsdAt: world.solUsdAt,
          ticksFrom: world.currentThrough - 2 * 86_400_000,
        },
        (table, row) => rows.push([table, row]),
        slots,
      );
    const plainRows: [string, object][] = [];
    const plain = builderOf(plainRows, null);
    for (const e of world.events) plain.push(e);
    const plainStats = plain.finish(world.currentThrough);

    const encoder = new EventBatchEncoder(10, 64);
    const decoder = new EventBatchDecoder(64);
    const slottedRows: [string, object][] = [];
    const slotted = builderOf(slottedRows, decoder.slots);
    const drain = () => decoder.decode(structuredClone(encoder.take()), (e) => slotted.push(e));
    for (const e of world.events) {
      encoder.add(e);
      if (encoder.full) drain();
    }
    drain();
    expect(slotted.finish(world.currentThrough)).toEqual(plainStats);
    expect(plainStats.migrated).toBeGreaterThan(0);
    expect(slottedRows).toEqual(plainRows);
  });

  it.each([
    [1000, EventBatch.addressWindow],
    [10, 64],
  ])(
    'encoding a world straight from its tapes gives the batches encoding its events gives (batch %i, window %i)',
    (capacity, window) => {
      const world = simulateWorld({ launches: 30, seed: 5, end: Date.UTC(2026, 9, 1), knownExchanges });
      const batchesOf = (
        fill: (encoder: EventBatchEncoder) => Iterable<unknown>,
        encoder: EventBatchEncoder,
      ) => {
        const out: EventBatch[] = [];
        for (const _ of fill(encoder)) if (encoder.full) out.push(encoder.take());
        out.push(encoder.take());
        return out;
      };
      const viaEvents = batchesOf(function* (encoder) {
        for (const e of world.events) yield encoder.add(e);
      }, new EventBatchEncoder(capacity, window));
      const direct = batchesOf(
        (encoder) => world.encodeInto(encoder),
        new EventBatchEncoder(capacity, window),
      );
      expect(direct.length).toBeGreaterThan(1);
      expect(direct).toEqual(viaEvents);
    },
  );

  it('numbers a handle without the string map: an address met both ways travels twice and decodes the same', () => {
    const encoder = new EventBatchEncoder(8);
    encoder.add(tokenTransfer);
    const alice = addressHandle('alice');
    const mint = addressHandle('mint');
    encoder.addColumns(
      EventBatch.code.curveBuy,
      6,
      1,
      1_700_000_000_000,
      5000,
      1,
      2,
      3,
      4,
      'sig2',
      alice,
      mint,
      alice,
      null,
    );
    encoder.addColumns(
      EventBatch.code.curveSell,
      7,
      1,
      1_700_000_000_000,
      5000,
      1,
      2,
      3,
      4,
      'sig3',
      alice,
      mint,
      alice,
      null,
    );
    const batch = encoder.take();
    // The string path numbered mint, alice, bob; the handles numbered mint and alice once more, and
    // the second event reused the handles' ids.
    expect(batch.addresses).toEqual(['mint', 'alice', 'bob', 'mint', 'alice']);
    const out: ChainEvent[] = [];
    new EventBatchDecoder().decode(batch, (e) => out.push(e));
    expect(out.map((e) => [e.kind, e.signer, 'mint' in e ? e.mint : null])).toEqual([
      ['token_transfer', 'alice', 'mint'],
      ['curve_trade', 'alice', 'mint'],
      ['curve_trade', 'alice', 'mint'],
    ]);
    expect(out[0]).toEqual(tokenTransfer);
  });

  it('trusts no id a handle kept from another encoder', () => {
    const mint = addressHandle('mint');
    const alice = addressHandle('alice');
    const bob = addressHandle('bob');
    const first = new EventBatchEncoder(8);
    first.addColumns(
      EventBatch.code.curveBuy,
      5,
      1,
      1_700_000_000_000,
      5000,
      1,
      2,
      3,
      4,
      'sig',
      bob,
      mint,
      bob,
      null,
    );
    first.take();
    const second = new EventBatchEncoder(8);
    second.addColumns(
      EventBatch.code.curveBuy,
      5,
      1,
      1_700_000_000_000,
      5000,
      1,
      2,
      3,
      4,
      'sig',
      alice,
      mint,
      alice,
      null,
    );
    second.addColumns(
      EventBatch.code.solTransfer,
      6,
      2,
      1_700_000_000_000,
      5000,
      9,
      0,
      0,
      0,
      'sig2',
      alice,
      alice,
      bob,
      null,
    );
    const out: ChainEvent[] = [];
    new EventBatchDecoder().decode(second.take(), (e) => out.push(e));
    expect(out[1]).toMatchObject({
      kind: 'sol_transfer',
      from: 'alice',
      to: 'bob',
      signer: 'alice',
      lamports: 9,
    });
  });
});
