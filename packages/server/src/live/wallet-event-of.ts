import type { HolderRow, TokenRow } from '@launchlens/engine';
import type { WalletEventData, WalletRole } from '../streams/stream-payloads.js';

const FLAGS: readonly (readonly [WalletRole, keyof HolderRow])[] = [
  ['creator', 'is_creator'],
  ['insider', 'is_insider'],
  ['sniper', 'is_sniper'],
  ['early', 'is_early'],
  ['fresh', 'is_fresh'],
  ['whale', 'is_whale'],
  ['kol', 'is_kol'],
];

/** A holder row of a newly analysed token as a `wallet` event, with its roles in a fixed order. */
export function walletEventOf(t: TokenRow, h: HolderRow): WalletEventData {
  const roles = FLAGS.filter(([, flag]) => h[flag] === true).map(([role]) => role);
  if (roles.length === 0) roles.push('holder');
  return {
    wallet: h.wallet,
    mint: t.mint,
    symbol: t.symbol,
    platform: t.platform,
    role: roles[0],
    roles,
    rank: h.rank,
    supply_pct: h.supply_pct,
    analyzed_at: new Date(t.analyzed_at).toISOString(),
  };
}
