import { AccountRole, address, type KeyPairSigner } from '@solana/kit';
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import { sendInstructions } from '../solana/send-instructions.js';

export interface UsdcTransferOptions {
  readonly rpcUrl: string;
  /** The paying wallet: signs, pays the fee and the USDC. */
  readonly payer: KeyPairSigner;
  /** The receiving wallet; its associated USDC account is created when missing. */
  readonly to: string;
  readonly micros: bigint;
  readonly mint: string;
  /** A Solana Pay reference, added as a read-only account of the transfer. */
  readonly reference?: string;
}

/**
 * Sends a USDC `transferChecked` (classic SPL Token) through a Solana JSON-RPC and returns its
 * signature: the deposit a wallet makes, as the demo and the tests make it.
 */
export async function sendUsdcTransfer(options: UsdcTransferOptions): Promise<string> {
  const mint = address(options.mint);
  const to = address(options.to);
  const [source] = await findAssociatedTokenPda({
    mint,
    owner: options.payer.address,
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  });
  const [destination] = await findAssociatedTokenPda({
    mint,
    owner: to,
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  });
  const open = getCreateAssociatedTokenIdempotentInstruction({
    payer: options.payer,
    ata: destination,
    owner: to,
    mint,
  });
  const transfer = getTransferCheckedInstruction({
    source,
    mint,
    destination,
    authority: options.payer,
    amount: options.micros,
    decimals: 6,
  });
  const withReference =
    options.reference === undefined
      ? transfer
      : {
          ...transfer,
          accounts: [
            ...transfer.accounts,
            { address: address(options.reference), role: AccountRole.READONLY },
          ],
        };
  return sendInstructions(options.rpcUrl, options.payer, [open, withReference]);
}
