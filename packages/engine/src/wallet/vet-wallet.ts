import { type Covered, found, noRecord } from '../catalogue/covered.js';
import { rolesOf } from '../graph/roles-of.js';
import { countText } from '../says/count-text.js';
import { isoTime, isoTimeOrNull } from '../says/iso-time.js';
import { pctText } from '../says/pct-text.js';
import { solText } from '../says/sol-text.js';
import type { Queryable } from '../store/queryable.js';
import { servedLayoutOf } from '../store/served-layout.js';
import type { HolderRow } from '../tables/holder-row.js';
import type { KnownWalletRow } from '../tables/known-wallet-row.js';
import type { KolRow } from '../tables/kol-row.js';
import { buildVetWalletSql } from './build-vet-wallet-sql.js';
import { type WALLET_HOLDER_COLUMNS, WALLET_LAUNCHES_TABLE } from './wallet-index-sql.js';
import { SERIAL_INSIDER_MIN, WALLET_LAUNCHES_CAP, type WalletRecord } from './wallet-record.js';

export const WALLET_REGISTRY_SQL = `SELECT 'kol' AS source, name, handle, verified, followers, NULL AS kind FROM kols WHERE wallet = $address
UNION ALL
SELECT 'known', name, NULL, NULL, NULL, kind FROM known_wallets WHERE address = $address`;

type LaunchRow = Pick<HolderRow, (typeof WALLET_HOLDER_COLUMNS)[number]> & {
  symbol: string | null;
  analyzed_at: number;
  rugged: boolean | null;
  realized_sol: number | null;
};
interface FundingRow {
  dir: 'in' | 'out';
  other: string | null;
  known_name: string | null;
  funded_at: number | null;
  amount_sol: number | null;
  n: number;
}
type RegistryRow = Pick<KolRow, 'name' | 'handle'> & {
  source: 'kol' | 'known';
  verified: boolean | null;
  followers: number | null;
  kind: KnownWalletRow['kind'] | null;
};

/** Vets any wallet as of `asOf` (epoch ms): launches, roles, results, funding and labels; no record when never seen. */
export async function vetWallet(
  db: Queryable,
  address: string,
  asOf: number,
): Promise<Covered<WalletRecord>> {
  const p = { address, as_of: asOf };
  const sql = buildVetWalletSql({
    wallets: (await servedLayoutOf(db)).baseTables.has(WALLET_LAUNCHES_TABLE),
  });
  const [launches, [pos], funding, registry] = await Promise.all([
    db.all<LaunchRow>(sql.launches, p),
    db.all<{ positions: number; realized_sol: number; won: number; lost: number }>(sql.positions, p),
    db.all<FundingRow>(sql.funding, p),
    db.all<RegistryRow>(WALLET_REGISTRY_SQL, { address }),
  ]);
  const fundedBy = funding.find((f) => f.dir === 'in') ?? null;
  const fundedCount = funding.find((f) => f.dir === 'out')?.n ?? 0;
  const kolRow = registry.find((r) => r.source === 'kol') ?? null;
  const knownRow = registry.find((r) => r.source === 'known') ?? null;
  if (
    launches.length === 0 &&
    pos.positions === 0 &&
    fundedBy === null &&
    fundedCount === 0 &&
    !kolRow &&
    !knownRow
  ) {
    return noRecord(
      address,
      'this wallet was never seen trading, funding or being funded in the index as of the request',
    );
  }

  const count = (f: (l: LaunchRow) => boolean) => launches.filter(f).length;
  const insider = launches.filter((l) => l.is_insider);
  const settled = insider.filter((l) => l.rugged !== null);
  const rugged = settled.filter((l) => l.rugged).length;
  const rugPct = settled.length > 0 ? (100 * rugged) / settled.length : null;
  const label = kolRow ? `${kolRow.name} (KOL)` : knownRow ? `${knownRow.name} (${knownRow.kind})` : address;
  const says =
    launches.length === 0
      ? `${label} traded no launch curve in the index; ${countText(pos.positions, 'position')} closed for ${solText(pos.realized_sol)}` +
        ` and ${countText(fundedCount, 'wallet')} first-funded by it.`
      : `${label} traded ${countText(launches.length, 'launch', 'launches')}, insider in ${insider.length}` +
        `${settled.length > 0 ? ` (${rugged} of ${settled.length} settled ones rugged, ${pctText(rugPct)})` : ''}, ` +
        `with ${solText(pos.realized_sol)} realized over ${countText(pos.positions, 'closed position')}.`;

  return found({
    address,
    known: knownRow ? { name: knownRow.name, kind: knownRow.kind ?? 'unknown' } : null,
    kol: kolRow
      ? {
          name: kolRow.name,
          handle: kolRow.handle,
          verified: kolRow.verified ?? false,
          followers: kolRow.followers ?? 0,
        }
      : null,
    funder:
      fundedBy && fundedBy.other !== null && fundedBy.funded_at !== null
        ? {
            address: fundedBy.other,
            known_name: fundedBy.known_name,
            funded_at: isoTime(fundedBy.funded_at),
            amount_sol: fundedBy.amount_sol ?? 0,
          }
        : null,
    funded_wallets: fundedCount,
    launches_seen: launches.length,
    first_seen_at: isoTimeOrNull(launches.length > 0 ? launches[launches.length - 1].analyzed_at : null),
    last_seen_at: isoTimeOrNull(launches.length > 0 ? launches[0].analyzed_at : null),
    roles: {
      creator: count((l) => l.is_creator),
      insider: insider.length,
      bundle: count((l) => l.is_bundle),
      sniper: count((l) => l.is_sniper),
      early: count((l) => l.is_early),
      fresh: count((l) => l.is_fresh),
      whale: count((l) => l.is_whale),
      wash: count((l) => l.is_wash),
      held_at_migration: count((l) => l.rank !== null),
    },
    trading: pos,
    insider_in: insider.length,
    serial_insider: insider.length >= SERIAL_INSIDER_MIN,
    insider_outcomes: { launches: insider.length, settled: settled.length, rugged, rug_pct: rugPct },
    launches: launches.slice(0, WALLET_LAUNCHES_CAP).map((l) => ({
      mint: l.mint,
      symbol: l.symbol,
      analyzed_at: isoTime(l.analyzed_at),
      roles: rolesOf(l),
      supply_pct: l.supply_pct,
      realized_sol: l.realized_sol,
      rugged: l.rugged,
    })),
    launches_total: launches.length,
    says,
  });
}
