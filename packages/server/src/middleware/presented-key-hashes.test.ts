import { describe, expect, it } from 'vitest';
import { generateApiKey, hashApiKey } from '../ledger/api-key.js';
import { rememberKeyHashes } from './presented-key-hashes.js';

describe('rememberKeyHashes', () => {
  it('gives the key hash and the limiter caller named by its hex', () => {
    const secret = generateApiKey();
    const presented = rememberKeyHashes()(secret);
    expect(presented.hash.equals(hashApiKey(secret))).toBe(true);
    expect(presented.caller).toBe(`key:${hashApiKey(secret).toString('hex')}`);
  });

  it('hashes a secret presented again only once', () => {
    const presentedKey = rememberKeyHashes();
    const secret = generateApiKey();
    expect(presentedKey(secret)).toBe(presentedKey(secret));
    expect(presentedKey(generateApiKey())).not.toBe(presentedKey(secret));
  });

  it('keeps at most `capacity` secrets, forgetting the least recently presented', () => {
    const presentedKey = rememberKeyHashes(2);
    const [a, b, c] = [generateApiKey(), generateApiKey(), generateApiKey()];
    const first = presentedKey(a);
    presentedKey(b);
    const keptB = presentedKey(b);
    presentedKey(c);
    expect(presentedKey(b)).toBe(keptB);
    const again = presentedKey(a);
    expect(again).not.toBe(first);
    expect(again.hash.equals(first.hash)).toBe(true);
  });

  it('keeps only strings shaped like a key', () => {
    const presentedKey = rememberKeyHashes();
    const long = `ll_live_${'x'.repeat(10_000)}`;
    const presented = presentedKey(long);
    expect(presented.hash.equals(hashApiKey(long))).toBe(true);
    expect(presentedKey(long)).not.toBe(presented);
  });
});
