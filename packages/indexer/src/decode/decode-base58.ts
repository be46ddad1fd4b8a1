import bs58 from 'bs58';

/** Decodes base58 (Bitcoin alphabet), or null when the text is not valid base58. */
export function decodeBase58(text: string): Uint8Array | null {
  return bs58.decodeUnsafe(text) ?? null;
}
