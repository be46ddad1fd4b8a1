import { expect, test } from 'vitest';
import { priceOf } from '../pricing/price-of.js';
import { buildPaymentChallenge } from './payment-challenge.js';
import { SOLANA_MAINNET, USDC_MINT } from './x402-settings.js';

const settings = { payTo: 'PayTo111', feePayer: 'Fee111', network: SOLANA_MAINNET, asset: USDC_MINT };

test('the header is base64 JSON of a canonical x402 v2 PaymentRequired; the body adds the spec fields', () => {
  const ch = buildPaymentChallenge({
    price: priceOf('discover', { limit: 50 }),
    settings,
    url: 'http://h/v1/discover?limit=50',
    method: 'GET',
    message: 'pay',
  });
  const header = JSON.parse(Buffer.from(ch.header, 'base64').toString('utf8'));
  expect(header).toEqual({
    x402Version: 2,
    error: 'pay',
    resource: {
      url: 'http://h/v1/discover?limit=50',
      description: expect.any(String),
      mimeType: 'application/json',
    },
    accepts: [
      {
        scheme: 'exact',
        network: SOLANA_MAINNET,
        asset: USDC_MINT,
        amount: '20000',
        payTo: 'PayTo111',
        maxTimeoutSeconds: 60,
        extra: { feePayer: 'Fee111' },
      },
    ],
  });
  expect(ch.body).toMatchObject({
    x402Version: 2,
    price: { amount: '0.02', currency: 'USD', mode: 'fixed' },
    protocols: [{ x402: {} }],
    accepts: [
      {
        amount: '20000',
        mimeType: 'application/json',
        extra: { decimals: 6, feePayer: 'Fee111', name: 'USD Coin' },
        outputSchema: {
          input: { discoverable: true, method: 'GET', type: 'http' },
          output: { type: 'json' },
        },
      },
    ],
  });
});
