import {
  compileModel,
  type EdgeRow,
  fitRiskModel,
  type HolderRow,
  type KolTradeRow,
  loadRiskFrame,
  type Manifest,
  type OutcomeRow,
  type PathRow,
  type PositionRow,
  type TickRow,
  type TokenRow,
} from '@launchlens/engine';
import { type DatasetStore, openMemoryStore } from '@launchlens/engine/store';
import { holderRow, outcomeRow, tokenRow } from '@launchlens/engine/testing';
import type { RiskContext } from '../../src/risk/risk-context.js';
import { createRiskContext } from '../../src/risk/risk-context.js';
import { addr } from './addr.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A hand-made dataset in a memory store, with a model fitted on it. */
export interface TestWorld {
  readonly store: DatasetStore;
  readonly manifest: Manifest;
  readonly risk: RiskContext;
  readonly now: number;
  /** A scoreable token with holders and a settled outcome. */
  readonly mint: string;
  /** A token whose holder data was lacking (verdict `unknown`). */
  readonly skippedMint: string;
  /** A well-formed address that is not in the dataset. */
  readonly unknownMint: string;
  /** The first launch: no wallet or creator seen before it (an empty identity). */
  readonly firstMint: string;
  /** A tracked KOL with trades, and a wallet that is not one. */
  readonly kolWallet: string;
  readonly untrackedWallet: string;
  /** A holder wallet seen in several launches, with funding and positions. */
  readonly wallet: string;
  readonly mints: readonly string[];
}

/** Park–Miller minimal standard generator, so the world is the same on every run. */
function prng(seed: number): () => number {
  let s = seed % 2_147_483_647;
  return () => {
    s = (s * 48_271) % 2_147_483_647;
    return (s - 1) / 2_147_483_646;
  };
}

/**
 * 360 tokens over 60 days ending one hour before `now`; rug odds rise with top-10 concentration
 * and insider share, so a fitted model separates them (imperfectly).
 */
export async function buildTestWorld(now = Date.parse('2026-03-01T12:00:00.000Z')): Promise<TestWorld> {
  const store = await openMemoryStore();
  const rand = prng(42);
  const tokens: TokenRow[] = [];
  const outcomes: OutcomeRow[] = [];
  const holders: HolderRow[] = [];
  const edges: EdgeRow[] = [];
  const positions: PositionRow[] = [];
  const paths: PathRow[] = [];
  const ticks: TickRow[] = [];
  const kolTrades: KolTradeRow[] = [];
  const n = 360;
  const kols = [0, 1, 2].map((k) => ({
    wallet: addr('kol', k),
    name: `KOL ${k}`,
    handle: `@kol${k}`,
    verified: k === 0,
    followers: 1000 * (k + 1),
  }));
  const start = now - 60 * DAY;
  for (let i = 0; i < n; i++) {
    const mint = addr('mint', i);
    const analyzed_at = start + Math.floor(((i + 0.5) / n) * (60 * DAY - HOUR));
    const top10 = 10 + rand() * 70;
    const insiders = rand() * 30;
    const skipped = i % 45 === 7;
    tokens.push(
      tokenRow({
        mint,
        analyzed_at,
        creator: addr('creator', i % 40),
        platform: i % 4 === 0 ? 'letsbonk' : 'pumpfun',
        top10_pct: skipped ? null : top10,
        top1_pct: skipped ? null : top10 / 4,
        insiders_pct: insiders,
        insiders_n: Math.round(insiders / 2),
        snipers_pct: rand() * 20,
        holders: skipped ? 0 : 50 + Math.floor(rand() * 400),
        mcap_at_analysis_usd: 30_000 + rand() * 200_000,
        skipped,
        skip_reason: skipped ? 'holder data lacking' : null,
      }),
    );
    const logit = -3 + 0.05 * top10 + 0.08 * insiders + (rand() - 0.5) * 2;
    const rugged = rand() < 1 / (1 + Math.exp(-logit));
    if (analyzed_at + DAY <= now)
      outcomes.push(outcomeRow({ mint, rugged, peak_gain_pct: 20 + rand() * 300 }, analyzed_at));
    const wallets = Array.from({ length: 6 }, (_, h) => addr('wallet', (i * 3 + h) % 200));
    wallets.forEach((wallet, h) => {
      holders.push(
        holderRow({
          mint,
          wallet,
          rank: h + 1,
          supply_pct: 12 - h,
          is_insider: h === 1,
          is_sniper: h === 2,
          is_early: h === 3,
          is_fresh: h === 4,
          is_creator: h === 0,
          funder: addr('funder', ((i * 3 + h) % 200) % 5),
          first_buy_at: analyzed_at - 30 * 60_000,
        }),
      );
      positions.push({
        wallet,
        mint,
        buys: 2,
        sells: 1,
        bought_sol: 2,
        sold_sol: 1 + (h % 3),
        realized_sol: h % 3 === 0 ? -1 : h % 3,
        first_at: analyzed_at - 30 * 60_000,
        last_at: analyzed_at + HOUR,
      });
    });
    edges.push(
      {
        mint,
        wallet_a: wallets[0],
        wallet_b: wallets[1],
        kind: 'funding',
        strength: 0.9,
        confidence: 0.9,
        evidence: 'funded',
      },
      {
        mint,
        wallet_a: wallets[1],
        wallet_b: wallets[2],
        kind: 'co_buy',
        strength: 0.6,
        confidence: 0.7,
        evidence: 'same slot',
      },
    );
    paths.push({
      mint,
      first_tick_at: analyzed_at,
      last_tick_at: Math.min(analyzed_at + 6 * HOUR, now),
      tick_count: 100,
      mcap_latest_usd: 20_000,
      price_latest_usd: 0.00002,
      liquidity_latest_usd: 8_000,
      mcap_peak_usd: 120_000,
      mcap_trough_usd: 15_000,
    });
    if (i >= n - 5) {
      for (let k = 0; k < 20; k++) {
        const at = analyzed_at + k * 5_000;
        if (at <= now)
          ticks.push({
            mint,
            at,
            price_usd: 0.00006 + k * 1e-7,
            mcap_usd: 60_000 + k * 100,
            liquidity_usd: 15_000,
          });
      }
    }
    if (i % 7 === 0) {
      const kol = kols[i % 3];
      const roi = i % 2 ? 40 : -30;
      kolTrades.push(
        {
          id: `t${i}b`,
          wallet: kol.wallet,
          mint,
          side: 'BUY',
          sol: 2,
          realized_sol: 0,
          roi_pct: null,
          entry_mcap_usd: 60_000,
          at: analyzed_at + 60_000,
        },
        {
          id: `t${i}s`,
          wallet: kol.wallet,
          mint,
          side: 'SELL',
          sol: 2 + roi / 50,
          realized_sol: roi / 50,
          roi_pct: roi,
          entry_mcap_usd: 60_000,
          at: analyzed_at + 600_000,
        },
      );
    }
  }
  await store.appendRows('tokens', tokens);
  await store.appendRows('outcomes', outcomes);
  await store.appendRows('holders', holders);
  await store.appendRows('edges', edges);
  await store.appendRows('positions', positions);
  await store.appendRows('paths', paths);
  await store.appendRows('ticks', ticks);
  await store.appendRows('kols', kols);
  await store.appendRows('kol_trades', kolTrades);
  await store.appendRows('known_wallets', [
    { address: addr('funder', 0), name: 'Binance', kind: 'exchange' },
  ]);
  await store.appendRows(
    'funders',
    Array.from({ length: 200 }, (_, w) => ({
      wallet: addr('wallet', w),
      funder: addr('funder', w % 5),
      funded_at: start - DAY,
      amount_sol: 1 + (w % 4),
    })),
  );
  const model = compileModel(
    fitRiskModel(await loadRiskFrame(store), { cutoff: now, calibrationWindowDays: 14, l2: 1 }),
  );
  const iso = (ms: number) => new Date(ms).toISOString();
  const manifest: Manifest = {
    ...store.manifest,
    launches: n,
    history_from: iso(start),
    complete_since: iso(start + 7 * DAY),
    current_through: iso(now - HOUR),
    ticks_retention: { full_resolution_from: iso(now - 2 * DAY), resolution_s: 5, note: 'test world' },
  };
  const settled = tokens.filter((t, i) => !t.skipped && i < n - 40);
  return {
    store,
    manifest,
    risk: createRiskContext(model),
    now,
    mint: settled.at(-1)!.mint,
    skippedMint: tokens.find((t) => t.skipped)!.mint,
    unknownMint: addr('never-indexed', 1),
    firstMint: tokens[0].mint,
    kolWallet: kols[0].wallet,
    untrackedWallet: addr('nobody', 1),
    wallet: addr('wallet', 4),
    mints: tokens.map((t) => t.mint),
  };
}
