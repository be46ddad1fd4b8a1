import { describe, expect, it } from 'vitest';
import type { ChainEvent } from '../events/chain-event.js';
import {
  build,
  buy,
  create,
  filler,
  fund,
  holder,
  migrate,
  poolTrade,
  SUPPLY,
  sell,
  slotAt,
} from '../testing/event-script.js';
import { DEFAULT_RULES } from './classification-rules.js';
import { SnapshotBuilder } from './snapshot-builder.js';
import { WALLET_ID_COLUMNS } from './wallet-id-columns.js';

const M = 'mint';
const launch = (body: ChainEvent[], extra: ChainEvent[] = []) => [
  ...extra,
  create(M, 'dev', 100, 10),
  ...body,
  ...filler(M, 100),
  migrate(M, 5000),
];

describe('SnapshotBuilder wallet classes', () => {
  it('a buy two slots after the create is a sniper, three slots after is not', () => {
    const b = build(launch([buy(M, 'fast', 102, 3, 1e12), buy(M, 'slow', 103, 3, 1e12)]));
    expect(holder(b, 'fast').is_sniper).toBe(true);
    expect(holder(b, 'slow').is_sniper).toBe(false);
  });

  it('buys at the tx indexes right after the create are a bundle of insiders; a gap makes a block-0 sniper', () => {
    const b = build(
      launch([buy(M, 'b1', 100, 11, 1e12), buy(M, 'b2', 100, 12, 1e12), buy(M, 'bot', 100, 14, 1e12)]),
    );
    expect(holder(b, 'b1')).toMatchObject({ is_bundle: true, is_insider: true, is_sniper: false });
    expect(holder(b, 'b2')).toMatchObject({ is_bundle: true, is_insider: true });
    expect(holder(b, 'bot')).toMatchObject({ is_bundle: false, is_insider: false, is_sniper: true });
    const token = b.rows.get('tokens')![0];
    expect(token).toMatchObject({ bundle_n: 2, block0_snipers_n: 1, snipers_n: 1 });
  });

  it('a bundle holds at most four buys', () => {
    const buys = [11, 12, 13, 14, 15].map((i) => buy(M, `b${i}`, 100, i, 1e12));
    const b = build(launch(buys));
    expect(holder(b, 'b14').is_bundle).toBe(true);
    expect(holder(b, 'b15').is_bundle).toBe(false);
  });

  it('a wallet funded by the creator before the create is an insider; after it is not', () => {
    const b = build(
      launch([buy(M, 'pre', 600, 3, 1e12), buy(M, 'post', 600, 5, 1e12)], [fund('dev', 'pre', 50)]).concat(),
    );
    expect(holder(b, 'pre').is_insider).toBe(true);
    const late = build([
      create(M, 'dev', 100),
      fund('dev', 'post', 200),
      buy(M, 'post', 600, 5, 1e12),
      ...filler(M, 100),
      migrate(M, 5000),
    ]);
    expect(holder(late, 'post').is_insider).toBe(false);
  });

  it('a wallet first funded 1 h before its first buy, with no earlier trade, is fresh; 25 h before is not', () => {
    const hourSlots = 3600 / 0.4;
    const events = [
      fund('ex', 'young', 1000 - hourSlots),
      fund('ex', 'old', 1000 - 25 * hourSlots),
      create(M, 'dev', 100),
      buy(M, 'young', 1000, 3, 1e12),
      buy(M, 'old', 1000, 5, 1e12),
      ...filler(M, 100),
      migrate(M, 5000),
    ].sort((a, b) => a.slot - b.slot);
    const b = build(events, { exchanges: ['ex'] });
    expect(holder(b, 'young').is_fresh).toBe(true);
    expect(holder(b, 'old').is_fresh).toBe(false);
  });

  it('a wallet that traded an earlier token is not fresh', () => {
    const events = [
      fund('ex', 'w', 10),
      create('other', 'dev2', 20),
      buy('other', 'w', 30, 3, 1e12),
      create(M, 'dev', 100),
      buy(M, 'w', 1000, 3, 1e12),
      ...filler(M, 100),
      migrate(M, 5000),
    ];
    expect(holder(build(events, { exchanges: ['ex'] }), 'w').is_fresh).toBe(false);
  });

  it('early buyers bought within 300 s of the create', () => {
    const b = build(launch([buy(M, 'e', 100 + 749, 3, 1e12), buy(M, 'late', 100 + 753, 3, 1e12)]));
    expect(holder(b, 'e').is_early).toBe(true);
    expect(holder(b, 'late').is_early).toBe(false);
  });

  it('two wallets funded by the same exchange are not a group; by the same private wallet they are', () => {
    const events = [
      fund('binance', 'x1', 10),
      fund('binance', 'x2', 11),
      fund('boss', 'p1', 12),
      fund('boss', 'p2', 13),
      create(M, 'dev', 100),
      buy(M, 'x1', 700, 3, 1e12),
      buy(M, 'x2', 710, 3, 1e12),
      buy(M, 'p1', 720, 3, 2e12),
      buy(M, 'p2', 730, 3, 2e12),
      ...filler(M, 100),
      migrate(M, 5000),
    ];
    const b = build(events, { exchanges: ['binance'] });
    expect(holder(b, 'x1').group_id).toBeNull();
    expect(holder(b, 'x2').group_id).toBeNull();
    expect(holder(b, 'p1').group_id).toBe(1);
    expect(holder(b, 'p2').group_id).toBe(1);
    expect(b.rows.get('tokens')![0]).toMatchObject({ groups_n: 1, groups_pct: 0.4 });
    const funding = b.rows.get('edges')!.filter((e) => e.kind === 'funding');
    expect(funding.map((e) => [e.wallet_a, e.wallet_b])).toEqual([
      ['boss', 'p1'],
      ['boss', 'p2'],
    ]);
  });

  it('buys at consecutive tx indexes of one slot are a co-buy group', () => {
    const b = build(
      launch([buy(M, 'c1', 900, 40, 1e12), buy(M, 'c2', 900, 41, 1e12), buy(M, 'c3', 900, 43, 1e12)]),
    );
    expect(holder(b, 'c1').group_id).not.toBeNull();
    expect(holder(b, 'c1').group_id).toBe(holder(b, 'c2').group_id);
    expect(holder(b, 'c3').group_id).toBeNull();
  });

  it('three round trips ending flat make a wash wallet; two do not', () => {
    const trips = (w: string, n: number) =>
      Array.from({ length: n }, (_, i) => [
        buy(M, w, 700 + 10 * i, 3, 1e12),
        sell(M, w, 705 + 10 * i, 1e12),
      ]).flat();
    const b = build(launch([...trips('wash', 3), ...trips('two', 2)]));
    expect(holder(b, 'wash').is_wash).toBe(true);
    expect(holder(b, 'two').is_wash).toBe(false);
  });
});

describe('SnapshotBuilder facts', () => {
  it('ranks holders, counts top-1/top-10 over holders only and the creator as dev', () => {
    const b = build(
      launch([buy(M, 'dev', 100, 10, 50e12), buy(M, 'whale', 700, 3, 100e12), sell(M, 'whale', 800, 100e12)]),
    );
    const t = b.rows.get('tokens')![0];
    expect(holder(b, 'whale')).toMatchObject({ rank: null, supply_pct: 0 });
    expect(holder(b, 'dev')).toMatchObject({ rank: 1, is_creator: true, is_insider: true });
    expect(t.holders).toBe(11);
    expect(t.top1_pct).toBeCloseTo((100 * 50e12) / SUPPLY, 12);
    expect(t.top10_pct).toBeCloseTo((100 * (50e12 + 9e12)) / SUPPLY, 12);
    expect(t).toMatchObject({ dev_sold: false, skipped: false, lp_state: 'burned' });
    expect(t.dev_pct).toBeCloseTo(5, 12);
  });

  it('fewer than 10 holders marks the token skipped', () => {
    const b = build([create(M, 'dev', 100), buy(M, 'a', 200, 3, 1e12), migrate(M, 5000)]);
    expect(b.rows.get('tokens')![0]).toMatchObject({ skipped: true, holders: 1 });
  });

  it('counts a transaction and its fee once however many of its events name the launch', () => {
    const bundled = { ...buy(M, 'b', 100, 10, 1e12), signature: 'the-create' };
    const events = [
      { ...create(M, 'dev', 100), signature: 'the-create' },
      bundled,
      buy(M, 'c', 101, 3, 1e12),
    ];
    const t = build([...events, migrate(M, 5000)]).rows.get('tokens')![0];
    // the create and the buy bundled in its transaction, then one more buy: two transactions
    expect(t).toMatchObject({ tx_analyzed: 2 });
    expect(t.fee_cost_sol).toBeCloseTo(2 * 5000e-9, 15);
  });

  it('prices the analysis moment from the pool reserves', () => {
    const t = build(launch([])).rows.get('tokens')![0];
    // 85 SOL against 206.9M tokens, supply 1B, $100 a SOL
    expect(t.mcap_at_analysis_usd).toBeCloseTo((85 / 206.9e6) * 1e9 * 100, 6);
    expect(t.liquidity_at_analysis_usd).toBeCloseTo(17000, 6);
  });
});

describe('SnapshotBuilder after migration', () => {
  const day = (24 * 3600) / 0.4;
  const post = (extra: ChainEvent[]) => [...launch([buy(M, 'kol', 700, 3, 10e12, 1e9)]), ...extra];

  it('settles the outcome 24 h after analysis and writes ticks, path and positions', () => {
    const events = post([
      poolTrade(M, 'kol', 5010, 'buy', 170e9),
      poolTrade(M, 'x', 5020, 'sell', 5e9),
      fund('a', 'b', 5000 + day + 1),
    ]);
    const b = build(events, { kols: ['kol'] });
    const outcome = b.rows.get('outcomes')![0];
    expect(outcome).toMatchObject({
      mint: M,
      rugged: true,
      reached_2x: true,
      settled_at: slotAt(5000) + 86_400_000,
    });
    expect(b.rows.get('ticks')).toHaveLength(2);
    expect(b.rows.get('paths')![0]).toMatchObject({ tick_count: 2 });
    expect(b.rows.get('positions')!.find((p) => p.wallet === 'kol')).toMatchObject({ buys: 2, sells: 0 });
  });

  it('positions are written for curve traders and KOLs, not for pool-only wallets', () => {
    const b = build(
      post([poolTrade(M, 'poolonly', 5010, 'buy', 90e9), poolTrade(M, 'kol2', 5011, 'buy', 91e9)]),
      {
        kols: ['kol2'],
      },
    );
    const wallets = b.rows.get('positions')!.map((p) => p.wallet);
    expect(wallets).toContain('kol');
    expect(wallets).toContain('kol2');
    expect(wallets).not.toContain('poolonly');
  });

  it('a launch less than 24 h old at the end has a path but no outcome', () => {
    const b = build(post([poolTrade(M, 'x', 5010, 'buy', 90e9)]));
    expect(b.rows.get('outcomes')).toBeUndefined();
    expect(b.rows.get('paths')).toHaveLength(1);
    expect(b.builder.stats).toMatchObject({ migrated: 1, settled: 0, unsettled: 1 });
  });

  it('ticks of launches analysed before the retention cut-off are counted, not written', () => {
    const b = build(post([poolTrade(M, 'x', 5010, 'buy', 90e9)]), { ticksFrom: slotAt(6000) });
    expect(b.rows.get('ticks')).toBeUndefined();
    expect(b.rows.get('paths')![0].tick_count).toBe(1);
  });

  it('a KOL sell realises SOL against its average cost', () => {
    const b = build(launch([buy(M, 'kol', 700, 3, 10e12, 1e9), sell(M, 'kol', 800, 5e12, 2e9)]), {
      kols: ['kol'],
    });
    const trades = b.rows.get('kol_trades')!;
    expect(trades.map((t) => t.side)).toEqual(['BUY', 'SELL']);
    expect(trades[1]).toMatchObject({ sol: 2, realized_sol: 1.5, roi_pct: 300 });
  });
});

describe('SnapshotBuilder wallet ids', () => {
  it('hands holder, position and funder rows with one id per address of their wallet id columns', () => {
    const events = [
      fund('binance', 'x1', 10),
      fund('boss', 'p1', 12),
      fund('boss', 'p2', 13),
      create(M, 'dev', 100),
      buy(M, 'x1', 700, 3, 1e12),
      buy(M, 'p1', 720, 3, 2e12),
      buy(M, 'p2', 730, 3, 2e12),
      buy(M, 'plain', 740, 3, 2e12),
      ...filler(M, 100),
      migrate(M, 5000),
    ];
    const idOf = new Map<string, number>();
    const seen = new Map<string, number>();
    const builder = new SnapshotBuilder(
      {
        rules: DEFAULT_RULES,
        exchanges: new Map(),
        kolWallets: new Set(),
        solUsdAt: () => 100,
        ticksFrom: 0,
      },
      (table, row, walletIds) => {
        const columns: readonly string[] | undefined =
          WALLET_ID_COLUMNS[table as keyof typeof WALLET_ID_COLUMNS];
        if (!columns) return expect(walletIds).toBeUndefined();
        seen.set(table, (seen.get(table) ?? 0) + 1);
        for (const [k, column] of columns.entries()) {
          const address = (row as Record<string, string | null>)[column];
          const id = walletIds![k];
          if (address === null) {
            expect(id).toBe(-1);
            continue;
          }
          // One id per address, and one address per id.
          expect(idOf.get(address) ?? id).toBe(id);
          idOf.set(address, id);
        }
      },
    );
    for (const e of events) builder.push(e);
    builder.finish(events[events.length - 1].at);
    expect(new Set(idOf.values()).size).toBe(idOf.size);
    expect([...seen.keys()].sort()).toEqual(['funders', 'holders', 'positions']);
    expect(idOf.has('boss') && idOf.has('p1') && idOf.has('plain')).toBe(true);
  });
});
