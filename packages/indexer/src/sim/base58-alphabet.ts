/** The Bitcoin base58 alphabet Solana uses for addresses and signatures. */
export const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
