import { createHash } from 'node:crypto';
import bs58 from 'bs58';

/**
 * The development receiving address: base58 of SHA-256("launchlens development payTo"). It is a
 * well-formed 32-byte address whose key nobody holds — never send real funds to it; production
 * requires `X402_PAY_TO`.
 */
export const DEV_PAY_TO = bs58.encode(createHash('sha256').update('launchlens development payTo').digest());
