import type { Invocation } from './invocation.js';
import type { InvocationMapper } from './map-invocations.js';
import { num } from './map-values.js';

/** SPL Token / Token-2022: transfers between owners (outside trades) → token_transfer; mint/freeze authority → authority_change. */
export function mapToken(m: InvocationMapper, i: number, inv: Invocation): void {
  const ix = m.tokenIx(i, inv);
  if (ix === null) {
    if (inv.parsed !== null || inv.data !== null) m.warn('truncated', inv.programId, 'token instruction');
    return;
  }
  switch (ix.type) {
    case 'transfer': {
      if (inv.insideTrade) return;
      const source = m.tokenAccounts.get(ix.source);
      const destination = m.tokenAccounts.get(ix.destination);
      const mint = ix.mint ?? source?.mint ?? destination?.mint;
      const from = source?.owner ?? ix.authority;
      const to = destination?.owner;
      if (mint === undefined || from === null || to === undefined || to === null) {
        m.warn('missing_account', inv.programId, `transfer ${ix.source} → ${ix.destination}: owner or mint`);
        return;
      }
      if (from === to) return;
      m.events.push({
        kind: 'token_transfer',
        ...m.header,
        mint,
        from,
        to,
        token_raw: num(ix.amount),
      });
      return;
    }
    case 'set_authority':
      if (ix.authority === 'other') return;
      m.events.push({
        kind: 'authority_change',
        ...m.header,
        mint: ix.target,
        authority: ix.authority,
        new_authority: ix.new_authority,
      });
      return;
    case 'initialize_mint':
      m.events.push(
        {
          kind: 'authority_change',
          ...m.header,
          mint: ix.mint,
          authority: 'mint',
          new_authority: ix.mint_authority,
        },
        {
          kind: 'authority_change',
          ...m.header,
          mint: ix.mint,
          authority: 'freeze',
          new_authority: ix.freeze_authority,
        },
      );
      return;
  }
}
