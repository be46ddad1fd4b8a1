import { type HolderRow, type Queryable, sqlTimestamp, type TokenRow } from '@launchlens/engine';
import type { HistoryInputs } from '@launchlens/engine/internal';

const n = (v: unknown) => Number(v ?? 0);

/**
 * The history features of a token analysed on demand (not in the dataset), with the same
 * definitions as the engine's features query: only launches analysed strictly before `at` and
 * outcomes settled at or before it. The token's own rows come from the snapshot builder.
 */
export async function historyInputsOf(
  db: Queryable,
  token: TokenRow,
  holders: readonly HolderRow[],
  exchanges: ReadonlySet<string>,
): Promise<HistoryInputs> {
  const at = sqlTimestamp(token.analyzed_at);
  const [creator] = await db.all<{ launches: unknown; settled: unknown; rugged: unknown }>(
    `SELECT count(*) AS launches,
       count(o.mint) FILTER (WHERE o.settled_at <= ${at}) AS settled,
       count(o.mint) FILTER (WHERE o.settled_at <= ${at} AND o.rugged) AS rugged
     FROM tokens p LEFT JOIN outcomes o ON o.mint = p.mint
     WHERE p.creator = $creator AND p.analyzed_at < ${at}`,
    { creator: token.creator },
  );
  const creatorRow = holders.find((h) => h.is_creator);
  const creatorFunder = creatorRow?.funder && !exchanges.has(creatorRow.funder) ? creatorRow.funder : null;
  let funderRugged = 0;
  if (creatorFunder !== null) {
    const [r] = await db.all<{ rugged: unknown }>(
      `SELECT count(*) AS rugged
       FROM funders g JOIN tokens p ON p.creator = g.wallet JOIN outcomes o ON o.mint = p.mint
       WHERE g.funder = $funder AND g.wallet <> $creator AND o.rugged AND o.settled_at <= ${at}`,
      { funder: creatorFunder, creator: token.creator },
    );
    funderRugged = n(r?.rugged);
  }
  const linked = holders.filter(
    (h) => creatorFunder !== null && h.funder === creatorFunder && h.wallet !== token.creator,
  );
  const exchangeFunded = holders.filter((h) => h.funder !== null && exchanges.has(h.funder));
  const wallets = holders.map((h) => h.wallet);
  const firsts = await db.all<{ wallet: string; insider: boolean; rug_insider: boolean; sniper: boolean }>(
    `SELECT h.wallet,
       coalesce(min(tp.analyzed_at) FILTER (WHERE h.is_insider) < ${at}, false) AS insider,
       coalesce(min(o.settled_at) FILTER (WHERE h.is_insider AND o.rugged) <= ${at}, false) AS rug_insider,
       coalesce(min(tp.analyzed_at) FILTER (WHERE h.is_sniper) < ${at}, false) AS sniper
     FROM holders h JOIN tokens tp ON tp.mint = h.mint LEFT JOIN outcomes o ON o.mint = h.mint
     WHERE (h.is_insider OR h.is_sniper) AND h.wallet IN (SELECT unnest($wallets))
     GROUP BY h.wallet`,
    { wallets },
  );
  const byWallet = new Map(firsts.map((f) => [f.wallet, f]));
  let prior_insiders_n = 0;
  let rug_insiders_n = 0;
  let serial_snipers_n = 0;
  for (const h of holders) {
    const f = byWallet.get(h.wallet);
    if (!f) continue;
    if (f.insider) prior_insiders_n++;
    if (f.rug_insider) rug_insiders_n++;
    if (h.is_sniper && f.sniper) serial_snipers_n++;
  }
  return {
    creator_prior_launches: n(creator?.launches),
    creator_prior_settled: n(creator?.settled),
    creator_prior_rugged: n(creator?.rugged),
    funder_prior_rugged: funderRugged,
    funder_linked_n: linked.length,
    funder_linked_pct: linked.reduce((s, h) => s + h.supply_pct, 0),
    holder_rows: holders.length,
    exchange_funded_n: exchangeFunded.length,
    exchange_funded_supply_pct: exchangeFunded.reduce((s, h) => s + h.supply_pct, 0),
    prior_insiders_n,
    rug_insiders_n,
    serial_snipers_n,
  };
}
