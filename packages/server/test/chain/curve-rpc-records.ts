import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SHARED_DIR } from '@launchlens/indexer';
import { pumpCurveAddress } from '../../src/chain/rpc-chain-reader.js';
import { addr } from '../support/addr.js';
import type { RecordedCall } from './json-rpc-replay-server.js';

export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbKWG2n9xcJ7dPwb3CwmZTv1sVf9';
export const MINT = addr('rpc-mint', 1);
/** Real wallet addresses (ed25519 points on the curve; a random 32-byte string is off the curve half the time). */
export const HOLDER_A = 'CkdtUhQdH2sHXJYTJTNFbF1K5W33WVgVHG7zffaMkEmv';
export const HOLDER_B = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
/** The bonding-curve account recorded from mainnet (carbon's pump.fun decoder fixture). */
const CURVE_FIXTURE = JSON.parse(
  readFileSync(
    join(SHARED_DIR, 'fixtures', 'carbon', 'pumpfun-decoder', 'bonding_curve_account.json'),
    'utf8',
  ),
) as { data: string; owner: string; lamports: number };

const mintAccount = (supply: string) => ({
  context: { slot: 300 },
  value: {
    owner: TOKEN_PROGRAM,
    lamports: 1_461_600,
    data: { program: 'spl-token', parsed: { type: 'mint', info: { supply, decimals: 6 } }, space: 82 },
  },
});
const tokenAccount = (owner: string, amount: string) => ({
  owner: TOKEN_PROGRAM,
  lamports: 2_039_280,
  data: {
    program: 'spl-token',
    parsed: { type: 'account', info: { mint: MINT, owner, tokenAmount: { amount } } },
  },
});

/** Recorded RPC answers for a pump.fun token still on its curve (the carbon fixture's reserves) with two holders. */
export async function curveRpcRecords(
  options: { readonly curveComplete?: boolean; readonly mint?: string } = {},
): Promise<RecordedCall[]> {
  const MINT_ = options.mint ?? MINT;
  const curve = await pumpCurveAddress(MINT_);
  const data = Buffer.from(CURVE_FIXTURE.data, 'base64');
  if (options.curveComplete) data[8 + 40] = 1; // `complete` follows five u64 fields after the discriminator.
  const accounts = [
    { pubkey: addr('ata', 1), account: tokenAccount(HOLDER_A, '30000000000000') },
    { pubkey: addr('ata', 2), account: tokenAccount(HOLDER_B, '12000000000000') },
    { pubkey: addr('ata', 3), account: tokenAccount(HOLDER_B, '3000000000000') },
    // The curve's own token account: its owner is a program address, not a holder.
    { pubkey: addr('ata', 4), account: tokenAccount(curve, '793011112000000') },
  ];
  return [
    { method: 'getAccountInfo', key: MINT_, result: mintAccount('1000000000000000') },
    {
      method: 'getAccountInfo',
      key: curve,
      config: { encoding: 'base64' },
      result: {
        context: { slot: 300 },
        value: {
          owner: CURVE_FIXTURE.owner,
          lamports: CURVE_FIXTURE.lamports,
          data: [data.toString('base64'), 'base64'],
        },
      },
    },
    { method: 'getAccountInfo', result: { context: { slot: 300 }, value: null } },
    { method: 'getProgramAccounts', key: TOKEN_PROGRAM, result: { context: { slot: 300 }, value: accounts } },
    {
      method: 'getTokenLargestAccounts',
      key: MINT,
      result: {
        context: { slot: 300 },
        value: accounts.map((a) => ({
          address: a.pubkey,
          amount: a.account.data.parsed.info.tokenAmount.amount,
        })),
      },
    },
    {
      method: 'getMultipleAccounts',
      result: { context: { slot: 300 }, value: accounts.map((a) => a.account) },
    },
  ];
}
