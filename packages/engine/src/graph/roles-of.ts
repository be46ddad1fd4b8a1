import type { GraphHolder } from './graph-holder.js';
import type { WalletRole } from './graph-record.js';

/** The roles of a token's trader, most telling first (the order of `WalletRole`). */
export function rolesOf(h: GraphHolder): WalletRole[] {
  const roles: WalletRole[] = [];
  if (h.is_creator) roles.push('creator');
  if (h.is_bundle) roles.push('bundle');
  if (h.is_insider) roles.push('insider');
  if (h.is_sniper) roles.push('sniper');
  if (h.is_fresh) roles.push('fresh');
  if (h.is_early) roles.push('early');
  if (h.is_kol) roles.push('kol');
  if (h.is_whale) roles.push('whale');
  if (h.is_notable) roles.push('notable');
  if (h.is_wash) roles.push('wash');
  roles.push(h.rank !== null ? 'holder' : 'trader');
  return roles;
}
