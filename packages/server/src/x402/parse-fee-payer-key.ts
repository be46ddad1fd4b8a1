import { createKeyPairSignerFromBytes, type KeyPairSigner } from '@solana/kit';
import bs58 from 'bs58';

/**
 * The fee payer of `X402_FEE_PAYER_KEY`: a 64-byte Solana secret key, either base58 or the JSON
 * byte array the Solana CLI writes (`[12,34,…]`).
 */
export async function parseFeePayerKey(text: string): Promise<KeyPairSigner> {
  const trimmed = text.trim();
  let bytes: Uint8Array;
  try {
    bytes = trimmed.startsWith('[') ? Uint8Array.from(JSON.parse(trimmed) as number[]) : bs58.decode(trimmed);
  } catch {
    throw new Error('invalid environment variable X402_FEE_PAYER_KEY: not base58 or a JSON byte array');
  }
  if (bytes.length !== 64)
    throw new Error(
      `invalid environment variable X402_FEE_PAYER_KEY: a 64-byte secret key is expected, got ${bytes.length} bytes`,
    );
  return createKeyPairSignerFromBytes(bytes);
}
