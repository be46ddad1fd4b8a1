import { WSOL_MINT } from '../../events/programs.js';
import { decodeSystemInstruction } from '../instructions/decode-system-instruction.js';
import type { Invocation } from './invocation.js';
import type { InvocationMapper } from './map-invocations.js';
import { num } from './map-values.js';

/**
 * System Transfer data is 12 bytes and TransferWithSeed at most 4 + 8 + (8 + 32-byte seed) + 32 = 84 bytes,
 * at most 115 base58 characters; longer data (CreateAccountWithSeed, …) is skipped without decoding, as
 * base58 decoding is quadratic and dominated the profile.
 */
const MAX_SYSTEM_TRANSFER_BASE58 = 116;

/** System transfers outside trades → sol_transfer (funding); wrapping SOL into one's own WSOL account is skipped. */
export function mapSystem(m: InvocationMapper, i: number, inv: Invocation): void {
  if (inv.insideTrade || (inv.parsed === null && inv.data === null)) return;
  let ix: ReturnType<typeof decodeSystemInstruction> = null;
  if (inv.parsed !== null) ix = decodeSystemInstruction({ parsed: inv.parsed });
  else if (inv.data !== null) {
    if (inv.data.length > MAX_SYSTEM_TRANSFER_BASE58) return;
    const data = m.data(i);
    if (data === null) return;
    ix = decodeSystemInstruction({ data, accounts: inv.accounts });
  }
  if (ix === null) {
    m.warn('truncated', inv.programId, 'system instruction');
    return;
  }
  if (ix.type !== 'transfer' || ix.from === ix.to) return;
  const wrapped = m.tokenAccounts.get(ix.to);
  if (wrapped !== undefined && wrapped.mint === WSOL_MINT && wrapped.owner === ix.from) return;
  m.events.push({
    kind: 'sol_transfer',
    ...m.header,
    from: ix.from,
    to: ix.to,
    lamports: num(ix.lamports),
  });
}
