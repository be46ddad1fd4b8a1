import { type Covered, found, noRecord } from '../catalogue/covered.js';
import { countText } from '../says/count-text.js';
import type { Queryable } from '../store/queryable.js';
import { servedLayoutOf } from '../store/served-layout.js';
import type { EdgeKind } from '../tables/edge-row.js';
import { buildWalletNetworkSql, type WalletTieRow } from './build-wallet-network-sql.js';
import { WALLET_EDGES_TABLE } from './wallet-index-sql.js';
import { ONWARD_SAMPLE, WALLET_TIES_CAP, type WalletNetwork } from './wallet-network.js';

export const KNOWN_NAME_SQL = 'SELECT name FROM known_wallets WHERE address = $address';

/** Direct ties of a wallet with direction and onward connections as of `asOf` (epoch ms); no record without ties. */
export async function mapWalletNetwork(
  db: Queryable,
  address: string,
  asOf: number,
  cap = WALLET_TIES_CAP,
): Promise<Covered<WalletNetwork>> {
  const wallets = (await servedLayoutOf(db)).baseTables.has(WALLET_EDGES_TABLE);
  const q = buildWalletNetworkSql(address, asOf, cap, ONWARD_SAMPLE, { wallets });
  const [rows, known] = await Promise.all([
    db.all<WalletTieRow>(q.sql, q.params),
    db.all<{ name: string }>(KNOWN_NAME_SQL, { address }),
  ]);
  if (rows.length === 0)
    return noRecord(
      address,
      'no funding, co-buy or transfer tie of this wallet is recorded as of the request',
    );
  const total = rows[0].total;
  const onwardTotal = rows[0].onward_total;
  const outs = rows.filter((r) => r.has_out).length;
  const ins = rows.filter((r) => r.has_in).length;
  const says =
    `${known[0]?.name ?? address} has ${countText(total, 'direct tie')} (${ins} inbound and ${outs} outbound among the ` +
    `${rows.length} listed) reaching ${countText(onwardTotal, 'further wallet')} one step on.`;
  return found({
    address,
    known_name: known[0]?.name ?? null,
    ties: rows.map((r) => ({
      wallet: r.wallet,
      direction: r.has_out && r.has_in ? 'both' : r.has_out ? 'out' : r.has_in ? 'in' : 'none',
      kinds: r.kinds as EdgeKind[],
      tokens: r.tokens,
      strength: r.strength,
      known_name: r.known_name,
      onward: r.onward,
      onward_sample: r.onward_sample ?? [],
    })),
    ties_total: total,
    onward_total: onwardTotal,
    ties_cap: cap,
    says,
  });
}
