import { type Covered, found, noRecord } from '../catalogue/covered.js';
import { countText } from '../says/count-text.js';
import type { Queryable } from '../store/queryable.js';
import { buildCompareSql, type SharedWalletRow } from './build-compare-sql.js';
import { buildCoveredMintsSql } from './build-covered-mints-sql.js';
import { COMPARE_SHARED_CAP, type CompareRecord, type SharedRole } from './compare-record.js';
import type { CompareRequest } from './compare-request.js';

/**
 * Wallets shared by 2–4 tokens as of `asOf` (epoch ms). Unknown mints are listed in `not_covered`
 * and the rest still answered (coverage `partial`); none known gives no record.
 */
export async function compareTokens(
  db: Queryable,
  request: CompareRequest,
  asOf: number,
  cap = COMPARE_SHARED_CAP,
): Promise<Covered<CompareRecord>> {
  const covered = buildCoveredMintsSql(request.mints, asOf);
  const rows = await db.all<{ mint: string }>(covered.sql, covered.params);
  const known = new Set(rows.map((r) => r.mint));
  const compared = request.mints.filter((m) => known.has(m));
  const notCovered = request.mints.filter((m) => !known.has(m));
  if (compared.length === 0)
    return noRecord(
      request.mints.join(', '),
      'none of these tokens was analysed by this index as of the request',
    );

  const shared: SharedWalletRow[] = [];
  if (compared.length >= 2) {
    const q = buildCompareSql(compared);
    shared.push(...(await db.all<SharedWalletRow>(q.sql, q.params)));
  }
  const inAll = compared.length >= 2 ? shared.filter((s) => s.in_tokens === compared.length).length : 0;
  const says =
    compared.length < 2
      ? `Only ${compared[0]} is held by this index, so nothing could be compared; ${countText(notCovered.length, 'mint')} not covered.`
      : `${countText(shared.length, 'wallet')} traded at least two of the ${compared.length} tokens and ` +
        `${inAll} traded all of them${notCovered.length > 0 ? `; ${countText(notCovered.length, 'mint')} not covered` : ''}.`;
  const record: CompareRecord = {
    compared,
    count: shared.length,
    in_all: inAll,
    not_covered: notCovered,
    shared: shared.slice(0, cap).map((s) => ({
      wallet: s.wallet,
      in_tokens: s.in_tokens,
      mints: s.mints,
      roles: (['holder', 'insider', 'early', 'sniper'] as const).filter((r: SharedRole) => s[r]),
    })),
    shared_cap: cap,
    says,
  };
  return found(record, notCovered.length > 0 ? 'partial' : 'full');
}
