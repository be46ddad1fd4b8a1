import { generateKeyPairSync } from 'node:crypto';
import bs58 from 'bs58';
import { expect, test } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { parseFeePayerKey } from '../../src/x402/parse-fee-payer-key.js';

const PAY_TO = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

test('the localnet is on by default in development and off in production', () => {
  expect(loadConfig({ NODE_ENV: 'development' }).X402_LOCALNET).toBe('on');
  expect(loadConfig({ NODE_ENV: 'production', X402_PAY_TO: PAY_TO }).X402_LOCALNET).toBe('off');
});

test('production refuses to start the localnet', () => {
  expect(() => loadConfig({ NODE_ENV: 'production', X402_PAY_TO: PAY_TO, X402_LOCALNET: 'on' })).toThrow(
    /X402_LOCALNET/,
  );
});

test('a self-run facilitator key needs SOLANA_RPC_URL', () => {
  expect(() => loadConfig({ X402_FEE_PAYER_KEY: 'x' })).toThrow(/SOLANA_RPC_URL/);
});

test('the fee payer key is read from base58 or from the Solana CLI byte array', async () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const secret = privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(-32);
  const pub = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
  const bytes = new Uint8Array([...secret, ...pub]);
  expect((await parseFeePayerKey(bs58.encode(bytes))).address).toBe(bs58.encode(pub));
  expect((await parseFeePayerKey(JSON.stringify([...bytes]))).address).toBe(bs58.encode(pub));
  await expect(parseFeePayerKey('[1,2,3]')).rejects.toThrow(/64-byte/);
  await expect(parseFeePayerKey('0OIl')).rejects.toThrow(/base58/);
});
