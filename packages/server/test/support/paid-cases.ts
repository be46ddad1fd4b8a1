import type { CallPrice } from '../../src/pricing/price-of.js';
import { priceOf } from '../../src/pricing/price-of.js';
import type { TestWorld } from './test-world.js';

export interface Request {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly body?: unknown;
}

/** A paid route with a billable request, and the requests each billing rule says must not be charged. */
export interface PaidCase {
  readonly name: string;
  /** What is quoted (x402) and reserved: for a paged route, the pages asked. */
  readonly price: CallPrice;
  /** What a billable call with credits is charged when it differs: the pages delivered. */
  readonly charged?: CallPrice;
  billable(w: TestWorld): Request;
  /** A well-formed request about something the index does not hold (`coverage: none`). */
  unknown?(w: TestWorld): Request;
  /** A well-formed request whose answer is empty. */
  empty?(w: TestWorld): Request;
  invalid(w: TestWorld): Request;
}

/** Every paid route the app registers, for the billing-rule tests. */
export const PAID_CASES: readonly PaidCase[] = [
  {
    name: 'GET /v1/screen/{mint}',
    price: priceOf('screen'),
    billable: (w) => ({ method: 'GET', path: `/v1/screen/${w.mint}` }),
    unknown: (w) => ({ method: 'GET', path: `/v1/screen/${w.unknownMint}` }),
    invalid: () => ({ method: 'GET', path: '/v1/screen/not-a-mint' }),
  },
  {
    name: 'POST /v1/cohort',
    price: priceOf('cohort'),
    billable: () => ({ method: 'POST', path: '/v1/cohort', body: { filters: { top10_pct: { min: 30 } } } }),
    empty: () => ({
      method: 'POST',
      path: '/v1/cohort',
      body: { filters: { top10_pct: { min: 99.5 } }, window_days: 7 },
    }),
    invalid: () => ({ method: 'POST', path: '/v1/cohort', body: { filters: { no_such_field: { min: 1 } } } }),
  },
  {
    name: 'GET /v1/inspect/{mint}',
    price: priceOf('inspect'),
    billable: (w) => ({ method: 'GET', path: `/v1/inspect/${w.mint}` }),
    unknown: (w) => ({ method: 'GET', path: `/v1/inspect/${w.unknownMint}` }),
    invalid: () => ({ method: 'GET', path: '/v1/inspect/0000' }),
  },
  {
    name: 'GET /v1/identity/{mint}',
    price: priceOf('identity'),
    billable: (w) => ({ method: 'GET', path: `/v1/identity/${w.mint}` }),
    unknown: (w) => ({ method: 'GET', path: `/v1/identity/${w.unknownMint}` }),
    empty: (w) => ({ method: 'GET', path: `/v1/identity/${w.firstMint}` }),
    invalid: () => ({ method: 'GET', path: '/v1/identity/abc' }),
  },
  {
    name: 'GET /v1/graph/{mint}',
    price: priceOf('graph'),
    billable: (w) => ({ method: 'GET', path: `/v1/graph/${w.mint}` }),
    unknown: (w) => ({ method: 'GET', path: `/v1/graph/${w.unknownMint}` }),
    invalid: () => ({ method: 'GET', path: '/v1/graph/abc' }),
  },
  {
    name: 'GET /v1/price/{mint}',
    price: priceOf('price'),
    billable: (w) => ({ method: 'GET', path: `/v1/price/${w.mint}` }),
    unknown: (w) => ({ method: 'GET', path: `/v1/price/${w.unknownMint}` }),
    invalid: () => ({ method: 'GET', path: '/v1/price/abc' }),
  },
  {
    name: 'POST /v1/compare',
    price: priceOf('compare'),
    billable: (w) => ({ method: 'POST', path: '/v1/compare', body: { mints: [w.mints[10], w.mints[11]] } }),
    unknown: (w) => ({
      method: 'POST',
      path: '/v1/compare',
      body: { mints: [w.unknownMint, w.untrackedWallet] },
    }),
    invalid: (w) => ({ method: 'POST', path: '/v1/compare', body: { mints: [w.mint] } }),
  },
  {
    name: 'GET /v1/report/{mint}',
    price: priceOf('report'),
    billable: (w) => ({ method: 'GET', path: `/v1/report/${w.mint}` }),
    unknown: (w) => ({ method: 'GET', path: `/v1/report/${w.unknownMint}` }),
    invalid: (w) => ({ method: 'GET', path: `/v1/report/${w.mint}?depth=deep` }),
  },
  {
    name: 'GET /v1/wallet/{address}',
    price: priceOf('wallet'),
    billable: (w) => ({ method: 'GET', path: `/v1/wallet/${w.wallet}` }),
    unknown: (w) => ({ method: 'GET', path: `/v1/wallet/${w.untrackedWallet}` }),
    invalid: () => ({ method: 'GET', path: '/v1/wallet/xyz' }),
  },
  {
    name: 'GET /v1/wallet/{address}/network',
    price: priceOf('wallet_network'),
    billable: (w) => ({ method: 'GET', path: `/v1/wallet/${w.wallet}/network` }),
    unknown: (w) => ({ method: 'GET', path: `/v1/wallet/${w.untrackedWallet}/network` }),
    invalid: () => ({ method: 'GET', path: '/v1/wallet/xyz/network' }),
  },
  {
    name: 'GET /v1/web/{mint}',
    price: priceOf('web'),
    billable: (w) => ({ method: 'GET', path: `/v1/web/${w.mint}` }),
    unknown: (w) => ({ method: 'GET', path: `/v1/web/${w.unknownMint}` }),
    invalid: () => ({ method: 'GET', path: '/v1/web/xyz' }),
  },
  {
    name: 'GET /v1/wallets/{mint}',
    price: priceOf('wallets'),
    billable: (w) => ({ method: 'GET', path: `/v1/wallets/${w.mint}` }),
    unknown: (w) => ({ method: 'GET', path: `/v1/wallets/${w.unknownMint}` }),
    invalid: () => ({ method: 'GET', path: '/v1/wallets/xyz' }),
  },
  {
    name: 'GET /v1/kol/{address}',
    price: priceOf('kol'),
    billable: (w) => ({ method: 'GET', path: `/v1/kol/${w.kolWallet}?days=90` }),
    unknown: (w) => ({ method: 'GET', path: `/v1/kol/${w.untrackedWallet}` }),
    invalid: (w) => ({ method: 'GET', path: `/v1/kol/${w.kolWallet}?days=91` }),
  },
  {
    name: 'GET /v1/kols',
    price: priceOf('kols', { limit: 50 }),
    billable: () => ({ method: 'GET', path: '/v1/kols?days=90' }),
    invalid: () => ({ method: 'GET', path: '/v1/kols?sort=loudest' }),
  },
  {
    name: 'GET /v1/kols?limit=120 (3 pages asked, the 1 delivered charged)',
    price: priceOf('kols', { limit: 120 }),
    charged: priceOf('kols', { limit: 50 }),
    billable: () => ({ method: 'GET', path: '/v1/kols?days=90&limit=120' }),
    invalid: () => ({ method: 'GET', path: '/v1/kols?limit=201' }),
  },
  {
    name: 'GET /v1/search',
    price: priceOf('search', { limit: 25 }),
    billable: (w) => ({ method: 'GET', path: `/v1/search?q=${w.mint.slice(0, 4)}` }),
    empty: () => ({ method: 'GET', path: '/v1/search?q=zzzzzzzzzzzz' }),
    invalid: () => ({ method: 'GET', path: '/v1/search?limit=51' }),
  },
  {
    name: 'GET /v1/discover',
    price: priceOf('discover', { limit: 25 }),
    billable: () => ({ method: 'GET', path: '/v1/discover?hours=168' }),
    empty: () => ({ method: 'GET', path: '/v1/discover?hours=1&min_mcap=1000000000' }),
    invalid: () => ({ method: 'GET', path: '/v1/discover?hours=169' }),
  },
  {
    name: 'GET /v1/discover?limit=60 (3 pages asked, the 2 delivered charged)',
    price: priceOf('discover', { limit: 60 }),
    charged: priceOf('discover', { limit: 50 }),
    billable: () => ({ method: 'GET', path: '/v1/discover?hours=168&limit=60' }),
    invalid: () => ({ method: 'GET', path: '/v1/discover?max_rug_pct=101' }),
  },
  {
    name: 'GET /v1/funder-networks',
    price: priceOf('funder_networks', { limit: 25 }),
    billable: () => ({ method: 'GET', path: '/v1/funder-networks' }),
    empty: () => ({ method: 'GET', path: '/v1/funder-networks?min_wallets=1000' }),
    invalid: () => ({ method: 'GET', path: '/v1/funder-networks?min_wallets=1' }),
  },
  {
    name: 'GET /v1/serial-insiders',
    price: priceOf('serial_insiders', { limit: 25 }),
    billable: () => ({ method: 'GET', path: '/v1/serial-insiders?min_tokens=2' }),
    empty: () => ({ method: 'GET', path: '/v1/serial-insiders?min_tokens=50' }),
    invalid: () => ({ method: 'GET', path: '/v1/serial-insiders?min_tokens=51' }),
  },
];
