import { address, type KeyPairSigner } from '@solana/kit';
import { sendInstructions } from '../solana/send-instructions.js';

/** The SPL Memo program (v2). */
export const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';

/** Sends a transaction with one SPL Memo instruction, signed and paid by `signer`; returns its signature. */
export function sendMemo(rpcUrl: string, signer: KeyPairSigner, memo: string): Promise<string> {
  return sendInstructions(rpcUrl, signer, [
    { programAddress: address(MEMO_PROGRAM), accounts: [], data: new TextEncoder().encode(memo) },
  ]);
}
