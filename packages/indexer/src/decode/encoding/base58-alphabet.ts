/** The Bitcoin base58 alphabet Solana uses for addresses, signatures and instruction data. */
export const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
