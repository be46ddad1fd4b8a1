import { type IdentityIndex, indexIsCurrent } from '../identity/identity-index.js';
import { countText } from '../says/count-text.js';
import { isoTime } from '../says/iso-time.js';
import type { Queryable } from '../store/queryable.js';
import {
  buildFunderNetworksSql,
  buildIndexedFunderNetworksSql,
  type FunderRowOut,
} from './build-funder-networks-sql.js';
import type { FunderNetworksPage } from './funder-networks-page.js';
import type { FunderNetworksRequest } from './funder-networks-request.js';

export interface RankFunderNetworksOptions {
  /** `DatasetStore.identityIndex` (or `prepareIdentityIndex` on a memory store): used while current (its whole-history summary when `asOf` ≥ `funded_through`). */
  readonly index?: IdentityIndex;
}

/** Funder networks as of `asOf` (epoch ms): wallets that first funded many traders. */
export async function rankFunderNetworks(
  db: Queryable,
  request: FunderNetworksRequest,
  asOf: number,
  options: RankFunderNetworksOptions = {},
): Promise<FunderNetworksPage> {
  const index = options.index;
  const indexed = index !== undefined && (await indexIsCurrent(db, index));
  const whole = index?.funded_through != null && asOf >= index.funded_through;
  const q = indexed
    ? buildIndexedFunderNetworksSql(request, asOf, whole)
    : buildFunderNetworksSql(request, asOf);
  const rows = await db.all<FunderRowOut>(q.sql, q.params);
  const total = rows[0]?.total ?? 0;
  const top = rows[0];
  const says =
    top === undefined
      ? `No wallet first-funded ${request.min_wallets} or more traders.`
      : `${countText(total, 'funder')} first-funded ${request.min_wallets} or more traders; the largest, ` +
        `${top.funder_known ?? 'an unlabelled wallet'}, funded ${countText(top.wallets_funded, 'wallet')} that traded ` +
        `${countText(top.tokens, 'launch', 'launches')}.`;
  return {
    count: rows.length,
    total,
    filters: { min_wallets: request.min_wallets, limit: request.limit },
    funders: rows.map((r) => ({
      funder: r.funder,
      funder_known: r.funder_known,
      wallets_funded: r.wallets_funded,
      tokens: r.tokens,
      first_seen: isoTime(r.first_seen),
      last_seen: isoTime(r.last_seen),
      sample_wallets: r.sample_wallets,
    })),
    says,
  };
}
