import {
  type HolderRow,
  type Queryable,
  type ScreenRecord,
  scoreToken,
  type TokenRow,
} from '@launchlens/engine';
import { buildScreenRecord, calibrationForDay, featureVector } from '@launchlens/engine/internal';
import { type ChainEvent, CURVE_PARAMS, SnapshotBuilder } from '@launchlens/indexer';
import type { RiskContext } from '../risk/risk-context.js';
import { historyInputsOf } from './history-inputs-of.js';

export interface AnalyzeCurveOptions {
  readonly store: Queryable;
  readonly risk: RiskContext;
  /** The moment of the analysis (the snapshot is taken here). */
  readonly at: number;
  readonly solUsdAt: (at: number) => number;
}

const DAY_MS = 86_400_000;

/**
 * The screen record of a bonding-curve token from its events (API-SPEC §4.2 analyze): the
 * indexer's snapshot builder replays them and snapshots the launch at `at` as if it migrated
 * there, priced at the curve's reserves (a curve token has no pool, so `lp_state` is unknown);
 * the engine scores it with the model and the calibration of `at`'s day, its history features
 * read from the dataset as of `at`. Wallet funding older than the events given is not seen.
 */
export async function analyzeCurve(
  mint: string,
  events: readonly ChainEvent[],
  options: AnalyzeCurveOptions,
): Promise<ScreenRecord> {
  const { store, risk, at } = options;
  const [exchangeRows, kolRows] = await Promise.all([
    store.all<{ address: string; name: string }>(
      "SELECT address, name FROM known_wallets WHERE starts_with(kind, 'exchange')",
    ),
    store.all<{ wallet: string }>('SELECT wallet FROM kols'),
  ]);
  const exchanges = new Map(exchangeRows.map((r) => [r.address, r.name]));
  const tokens: TokenRow[] = [];
  const holders: HolderRow[] = [];
  const builder = new SnapshotBuilder(
    {
      exchanges,
      kolWallets: new Set(kolRows.map((r) => r.wallet)),
      solUsdAt: options.solUsdAt,
      ticksFrom: Number.POSITIVE_INFINITY,
    },
    (table, row) => {
      if (table === 'tokens') tokens.push(row as TokenRow);
      else if (table === 'holders') holders.push(row as HolderRow);
    },
  );
  let last: ChainEvent | null = null;
  let create: Extract<ChainEvent, { kind: 'create' }> | null = null;
  let curve = { sol: 0, token: 0 };
  for (const e of events) {
    if (e.at > at) break;
    if (e.kind === 'create') {
      create = e;
      const p = CURVE_PARAMS[e.platform];
      curve = { sol: p.virtualSolLamports, token: p.virtualTokenRaw };
    }
    if (e.kind === 'curve_trade' && e.mint === mint)
      curve = { sol: e.virtual_sol_lamports, token: e.virtual_token_raw };
    builder.push(e);
    last = e;
  }
  if (create === null || last === null) throw new Error(`no create event for ${mint}`);
  builder.push({
    kind: 'migration',
    slot: last.slot + 1,
    tx_index: 0,
    at: Math.max(at, last.at),
    signature: `analysis-${mint}`,
    signer: create.creator,
    fee_lamports: 0,
    mint,
    pool: create.curve,
    venue: CURVE_PARAMS[create.platform].venue,
    sol_lamports: curve.sol,
    token_raw: curve.token,
    lp_state: null,
  });
  const token = tokens.find((t) => t.mint === mint);
  if (!token) throw new Error(`the snapshot builder wrote no token row for ${mint}`);
  const own = holders.filter((h) => h.mint === mint);
  const history = await historyInputsOf(store, token, own, new Set(exchanges.keys()));
  const score = scoreToken(risk.model, {
    skipped: token.skipped,
    skip_reason: token.skip_reason,
    x: featureVector({ ...token, ...history }),
  });
  const calibration = await calibrationForDay(
    store,
    risk.model,
    Math.floor(at / DAY_MS) * DAY_MS,
    risk.cache,
  );
  return buildScreenRecord(token, score, calibration);
}
