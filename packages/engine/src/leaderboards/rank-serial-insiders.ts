import { type IdentityIndex, indexIsCurrent } from '../identity/identity-index.js';
import { countText } from '../says/count-text.js';
import { pctText } from '../says/pct-text.js';
import type { Queryable } from '../store/queryable.js';
import {
  buildIndexedSerialInsidersSql,
  buildSerialInsidersSql,
  buildWholeSerialInsidersSql,
  type SerialInsiderRow,
} from './build-serial-insiders-sql.js';
import type { SerialInsidersPage } from './serial-insiders-page.js';
import type { SerialInsidersRequest } from './serial-insiders-request.js';

export interface RankSerialInsidersOptions {
  /** `DatasetStore.identityIndex` (or `prepareIdentityIndex` on a memory store): used while it is current (no token appended since it was built); its whole-history totals when `asOf` ≥ `insiders_through`. */
  readonly index?: IdentityIndex;
}

/** The serial-insiders leaderboard as of `asOf` (epoch ms): no threshold beyond `min_tokens` is applied. */
export async function rankSerialInsiders(
  db: Queryable,
  request: SerialInsidersRequest,
  asOf: number,
  options: RankSerialInsidersOptions = {},
): Promise<SerialInsidersPage> {
  const index = options.index;
  const indexed = index !== undefined && (await indexIsCurrent(db, index));
  const whole = index?.insiders_through != null && asOf >= index.insiders_through;
  const q = !indexed
    ? buildSerialInsidersSql(request, asOf)
    : whole
      ? buildWholeSerialInsidersSql(request)
      : buildIndexedSerialInsidersSql(request, asOf);
  const rows = await db.all<SerialInsiderRow>(q.sql, q.params);
  const total = rows[0]?.total ?? 0;
  const top = rows[0];
  const says =
    top === undefined
      ? `No wallet was an insider in ${request.min_tokens} or more launches.`
      : `${countText(total, 'wallet')} ${total === 1 ? 'was an insider' : 'were insiders'} in ${request.min_tokens} or more launches; ` +
        `the top one in ${top.insider_in} of the ${countText(top.also_held, 'launch', 'launches')} it traded, ` +
        `${top.insider_rugged} of ${top.insider_settled} settled ones rugged (${pctText(top.insider_settled > 0 ? (100 * top.insider_rugged) / top.insider_settled : null)}).`;
  return {
    count: rows.length,
    total,
    filters: { min_tokens: request.min_tokens, limit: request.limit },
    wallets: rows.map(({ total: _total, ...r }) => r),
    says,
  };
}
