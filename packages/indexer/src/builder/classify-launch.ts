import type { EdgeRow, HolderRow, TokenRow } from '@launchlens/engine';
import type { MigrationEvent } from '../events/chain-event.js';
import type { ClassificationRules } from './classification-rules.js';
import type { LaunchState, TraderState } from './launch-state.js';
import { UnionFind } from './union-find.js';
import type { WalletBook } from './wallet-book.js';

export interface ClassifyContext {
  readonly rules: ClassificationRules;
  readonly book: WalletBook;
  /** Wallet ids of tracked KOLs. */
  readonly kolIds: ReadonlySet<number>;
  readonly solUsd: number;
}

export interface LaunchSnapshot {
  readonly token: TokenRow;
  readonly holders: readonly HolderRow[];
  /** Each holder row's `wallet` and `funder` wallet ids (-1 for none), two per row (`WALLET_ID_COLUMNS`). */
  readonly holderWalletIds: Int32Array;
  readonly edges: readonly EdgeRow[];
}

interface Roles {
  bundle: boolean;
  insider: boolean;
  sniper: boolean;
  fresh: boolean;
  early: boolean;
}

const pct = (part: number, whole: number) => (whole > 0 ? (100 * part) / whole : 0);

/** Market cap in USD of a token priced from reserves (SOL lamports against raw token units). */
export function mcapFromReserves(
  solLamports: number,
  tokenRaw: number,
  supplyRaw: number,
  solUsd: number,
): { priceUsd: number; mcapUsd: number } {
  if (tokenRaw <= 0) return { priceUsd: 0, mcapUsd: 0 };
  const priceUsdPerRaw = (solLamports / 1e9 / tokenRaw) * solUsd;
  return { priceUsd: priceUsdPerRaw, mcapUsd: priceUsdPerRaw * supplyRaw };
}

/**
 * The point-in-time record of a launch at its migration: wallet classes, groups, edges, facts and
 * safety. Every rule is in `ClassificationRules` and docs/methodology.md.
 */
export function classifyLaunch(
  launch: LaunchState,
  migration: MigrationEvent,
  ctx: ClassifyContext,
): LaunchSnapshot {
  const { rules, book } = ctx;
  const create = launch.create;
  const supply = create.token_supply_raw;
  const traders = [...launch.traders.values()];
  const roles = new Map<TraderState, Roles>();

  const creatorId = launch.creatorId;
  const bundle = new Set<number>();
  const block0 = traders
    .filter((t) => t.firstBuySlot === create.slot && t.id !== creatorId)
    .sort((a, b) => a.firstBuyTxIndex - b.firstBuyTxIndex);
  let expected = create.tx_index + 1;
  for (const t of block0) {
    if (t.firstBuyTxIndex !== expected || bundle.size >= rules.bundleMaxBuys) break;
    bundle.add(t.id);
    expected++;
  }

  const earlyUntil = create.at + rules.earlyWindowS * 1000;
  const freshMaxAgeMs = rules.freshMaxAgeS * 1000;
  for (const t of traders) {
    const isBundle = bundle.has(t.id);
    const insider = t.id === creatorId || isBundle || book.fundedBefore(t.id, creatorId, create.at);
    const bought = t.firstBuySlot >= 0;
    const sniper = !insider && bought && t.firstBuySlot <= create.slot + rules.sniperMaxSlotDelay;
    const fundedAt = book.firstFundedAt(t.id);
    const firstTrade = book.firstTradeAt(t.id);
    const fresh =
      bought &&
      fundedAt <= t.firstBuyAt &&
      t.firstBuyAt - fundedAt <= freshMaxAgeMs &&
      !(firstTrade < t.firstBuyAt);
    const early = bought && !insider && !sniper && t.firstBuyAt <= earlyUntil;
    roles.set(t, { bundle: isBundle, insider, sniper, fresh, early });
  }

  const uf = new UnionFind(traders.length);
  const edges: EdgeRow[] = [];
  const mint = create.mint;
  const byFunder = new Map<number, TraderState[]>();
  for (const t of traders) {
    const f = book.firstFunder(t.id);
    if (f < 0 || book.isExchange(f)) continue;
    let list = byFunder.get(f);
    if (!list) {
      list = [];
      byFunder.set(f, list);
    }
    list.push(t);
  }
  for (const [funder, funded] of byFunder) {
    const direct = launch.traders.get(funder);
    if (funded.length < 2 && !direct) continue;
    for (const t of funded) {
      if (funded.length > 1) uf.union(funded[0].seq, t.seq);
      if (direct) uf.union(direct.seq, t.seq);
      const f = book.firstFunding(t.id)!;
      edges.push({
        mint,
        wallet_a: book.address(funder),
        wallet_b: t.wallet,
        kind: 'funding',
        strength: 1,
        confidence: direct ? 0.95 : 0.85,
        evidence: `first SOL in: ${(f.lamports / 1e9).toFixed(3)} SOL at ${new Date(f.at).toISOString()}`,
      });
    }
  }
  for (const t of traders) {
    if (t.id !== creatorId && book.fundedBefore(t.id, creatorId, create.at)) {
      uf.union(launch.traders.get(creatorId)?.seq ?? t.seq, t.seq);
      if (book.firstFunder(t.id) !== creatorId) {
        edges.push({
          mint,
          wallet_a: create.creator,
          wallet_b: t.wallet,
          kind: 'funding',
          strength: 1,
          confidence: 0.95,
          evidence: 'funded by the creator before the create',
        });
      }
    }
  }

  const firstBuys = traders
    .filter((t) => t.firstBuySlot >= 0)
    .sort((a, b) => a.firstBuySlot - b.firstBuySlot || a.firstBuyTxIndex - b.firstBuyTxIndex);
  for (let i = 1; i < firstBuys.length; i++) {
    const a = firstBuys[i - 1];
    const b = firstBuys[i];
    if (a.firstBuySlot !== b.firstBuySlot || b.firstBuyTxIndex - a.firstBuyTxIndex !== 1) continue;
    uf.union(a.seq, b.seq);
    const [wa, wb] = a.wallet < b.wallet ? [a.wallet, b.wallet] : [b.wallet, a.wallet];
    edges.push({
      mint,
      wallet_a: wa,
      wallet_b: wb,
      kind: 'co_buy',
      strength: 1,
      confidence: 0.7,
      evidence: `first buys in slot ${a.firstBuySlot} at tx ${a.firstBuyTxIndex} and ${b.firstBuyTxIndex}`,
    });
  }
  for (const tr of launch.transfers) {
    const a = launch.traders.get(tr.from);
    const b = launch.traders.get(tr.to);
    if (!a || !b) continue;
    uf.union(a.seq, b.seq);
    edges.push({
      mint,
      wallet_a: a.wallet,
      wallet_b: b.wallet,
      kind: 'transfer',
      strength: pct(tr.raw, supply) / 100,
      confidence: 0.9,
      evidence: `transferred ${pct(tr.raw, supply).toFixed(2)}% of supply`,
    });
  }

  const held = traders
    .filter((t) => t.balanceRaw > 0)
    .sort((a, b) => b.balanceRaw - a.balanceRaw || a.seq - b.seq);
  const rank = new Map<TraderState, number>();
  for (const [i, t] of held.entries()) rank.set(t, i + 1);

  const groupSupply = new Map<number, { raw: number; members: number }>();
  for (const t of held) {
    const root = uf.find(t.seq);
    const g = groupSupply.get(root) ?? { raw: 0, members: 0 };
    g.raw += t.balanceRaw;
    g.members++;
    groupSupply.set(root, g);
  }
  const groupIds = new Map<number, number>();
  [...groupSupply.entries()]
    .filter(([, g]) => g.members >= 2)
    .sort((a, b) => b[1].raw - a[1].raw || a[0] - b[0])
    .forEach(([root], i) => {
      groupIds.set(root, i + 1);
    });

  const holders: HolderRow[] = [];
  const holderWalletIds = new Int32Array(traders.length * 2);
  const sum = { sniper: 0, insider: 0, bundle: 0, fresh: 0, early: 0, grouped: 0 };
  const count = { sniper: 0, block0: 0, insider: 0, bundle: 0, fresh: 0, early: 0, whale: 0, kol: 0 };
  let washLamports = 0;
  let scalpLamports = 0;
  for (const t of traders) {
    const r = roles.get(t)!;
    const solBalance = book.solBalance(t.id);
    const holds = t.balanceRaw > 0;
    const isKol = ctx.kolIds.has(t.id);
    const isWhale = holds && solBalance !== null && solBalance >= rules.whaleMinSol;
    const isWash =
      t.buys >= rules.washMinRoundTrips &&
      t.sells >= rules.washMinRoundTrips &&
      Math.abs(t.boughtRaw - t.soldRaw) <= rules.washMaxNetShare * t.boughtRaw;
    const gid = holds ? (groupIds.get(uf.find(t.seq)) ?? null) : null;
    const bal = holds ? t.balanceRaw : 0;
    if (r.sniper) {
      count.sniper++;
      sum.sniper += bal;
      if (t.firstBuySlot === create.slot) count.block0++;
    }
    if (r.insider) {
      count.insider++;
      sum.insider += bal;
    }
    if (r.bundle) {
      count.bundle++;
      sum.bundle += bal;
    }
    if (r.fresh) {
      count.fresh++;
      sum.fresh += bal;
    }
    if (r.early) {
      count.early++;
      sum.early += bal;
    }
    if (gid !== null) sum.grouped += bal;
    if (isWhale) count.whale++;
    if (isKol) count.kol++;
    if (isWash) washLamports += t.boughtLamports + t.soldLamports;
    scalpLamports += t.scalpSoldLamports;
    const funderId = book.firstFunder(t.id);
    holderWalletIds[2 * holders.length] = t.id;
    holderWalletIds[2 * holders.length + 1] = funderId >= 0 ? funderId : -1;
    holders.push({
      mint,
      wallet: t.wallet,
      rank: rank.get(t) ?? null,
      supply_pct: pct(bal, supply),
      sol_balance: solBalance,
      is_creator: t.id === creatorId,
      is_sniper: r.sniper,
      is_insider: r.insider,
      is_bundle: r.bundle,
      is_early: r.early,
      is_fresh: r.fresh,
      is_whale: isWhale,
      is_notable: isKol || book.launchesTradedBefore(t.id) >= rules.notableMinLaunches,
      is_kol: isKol,
      is_wash: isWash,
      funder: funderId >= 0 ? book.address(funderId) : null,
      group_id: gid,
      first_buy_slot: t.firstBuySlot >= 0 ? t.firstBuySlot : null,
      first_buy_at: t.firstBuyAt >= 0 ? t.firstBuyAt : null,
      bought_sol: t.boughtLamports / 1e9,
      sold_sol: t.soldLamports / 1e9,
    });
  }

  const creator = launch.traders.get(creatorId);
  const top = held.slice(0, 10).reduce((s, t) => s + t.balanceRaw, 0);
  const price = mcapFromReserves(migration.sol_lamports, migration.token_raw, supply, ctx.solUsd);
  const volume = launch.buyLamports + launch.sellLamports;
  const skipped = held.length < rules.minHolders;
  const token: TokenRow = {
    mint,
    platform: create.platform,
    name: create.name,
    symbol: create.symbol,
    creator: create.creator,
    created_at: create.at,
    created_slot: create.slot,
    analyzed_at: migration.at,
    analyzed_slot: migration.slot,
    pool: migration.pool,
    mcap_at_analysis_usd: price.mcapUsd,
    price_at_analysis_usd: price.priceUsd * 10 ** create.decimals,
    liquidity_at_analysis_usd: (2 * migration.sol_lamports * ctx.solUsd) / 1e9,
    sol_usd_at_analysis: ctx.solUsd,
    holders: held.length,
    top1_pct: held.length ? pct(held[0].balanceRaw, supply) : null,
    top10_pct: held.length ? pct(top, supply) : null,
    snipers_n: count.sniper,
    snipers_pct: pct(sum.sniper, supply),
    block0_snipers_n: count.block0,
    insiders_n: count.insider,
    insiders_pct: pct(sum.insider, supply),
    bundle_n: count.bundle,
    bundled_pct: pct(sum.bundle, supply),
    fresh_n: count.fresh,
    fresh_pct: pct(sum.fresh, supply),
    early_n: count.early,
    early_pct: pct(sum.early, supply),
    groups_n: groupIds.size,
    groups_pct: pct(sum.grouped, supply),
    whales_n: count.whale,
    kols_n: count.kol,
    dev_pct: creator ? pct(Math.max(creator.balanceRaw, 0), supply) : 0,
    dev_sold: creator ? creator.sells > 0 : false,
    mint_authority: launch.mintAuthority,
    freeze_authority: launch.freezeAuthority,
    lp_state: migration.lp_state,
    tx_analyzed: launch.signatures.size,
    fee_cost_sol: launch.feeLamports / 1e9,
    scalp_score: pct(scalpLamports, launch.sellLamports),
    wash_share: volume > 0 ? washLamports / volume : 0,
    skipped,
    skip_reason: skipped ? `only ${held.length} holders seen at migration (< ${rules.minHolders})` : null,
  };
  return { token, holders, holderWalletIds, edges };
}
