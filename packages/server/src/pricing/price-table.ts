/**
 * The one price table (API-SPEC §4.3, Price B — DESIGN §5). It drives the 402 challenge,
 * `/.well-known/x402`, `/v1/plans` and credit debits. `usd` is per call, or per page of
 * `pageSize` rows for paged routes (charged `ceil(limit / pageSize)` pages).
 */
export interface RoutePrice {
  readonly id: string;
  readonly method: 'GET' | 'POST';
  /** OpenAPI path template. */
  readonly path: string;
  /** A query variant priced apart, e.g. `depth=full`. */
  readonly query?: string;
  readonly usd: string;
  readonly pageSize?: number;
  /** What one unit buys when it is not a call, e.g. `trade delivered` for a stream. */
  readonly unit?: string;
  readonly description: string;
}

export const PRICE_TABLE = [
  {
    id: 'screen',
    method: 'GET',
    path: '/v1/screen/{mint}',
    usd: '0.001',
    description: 'Rug-risk screen of one token',
  },
  {
    id: 'inspect',
    method: 'GET',
    path: '/v1/inspect/{mint}',
    usd: '0.01',
    description: 'Holder and wallet-class detail',
  },
  {
    id: 'discover',
    method: 'GET',
    path: '/v1/discover',
    usd: '0.01',
    pageSize: 25,
    description: 'Recent analysed tokens with a verdict each',
  },
  {
    id: 'price',
    method: 'GET',
    path: '/v1/price/{mint}',
    usd: '0.01',
    description: 'Price path since analysis',
  },
  { id: 'exit', method: 'GET', path: '/v1/exit/{mint}', usd: '0.01', description: 'Live sellability ladder' },
  {
    id: 'search',
    method: 'GET',
    path: '/v1/search',
    usd: '0.005',
    pageSize: 25,
    description: 'Find a token in the analysed catalogue',
  },
  {
    id: 'identity',
    method: 'GET',
    path: '/v1/identity/{mint}',
    usd: '0.03',
    description: 'Creator and holder history',
  },
  {
    id: 'changes',
    method: 'GET',
    path: '/v1/changes/{mint}',
    usd: '0.03',
    description: 'Live holder changes',
  },
  {
    id: 'cohort',
    method: 'POST',
    path: '/v1/cohort',
    usd: '0.03',
    description: 'Outcome statistics of a cohort',
  },
  {
    id: 'compare',
    method: 'POST',
    path: '/v1/compare',
    usd: '0.03',
    description: 'Wallets shared by 2–4 tokens',
  },
  {
    id: 'serial_insiders',
    method: 'GET',
    path: '/v1/serial-insiders',
    usd: '0.03',
    pageSize: 25,
    description: 'Wallets that are insiders across launches',
  },
  {
    id: 'funder_networks',
    method: 'GET',
    path: '/v1/funder-networks',
    usd: '0.025',
    pageSize: 25,
    description: 'Funders behind many holder wallets',
  },
  {
    id: 'report',
    method: 'GET',
    path: '/v1/report/{mint}',
    usd: '0.03',
    description: 'Screen, inspect and identity',
  },
  {
    id: 'report_full',
    method: 'GET',
    path: '/v1/report/{mint}',
    query: 'depth=full',
    usd: '0.07',
    description: 'Core report plus price path, exit and graph',
  },
  {
    id: 'graph',
    method: 'GET',
    path: '/v1/graph/{mint}',
    usd: '0.04',
    description: 'Wallet graph and clusters',
  },
  {
    id: 'kols',
    method: 'GET',
    path: '/v1/kols',
    usd: '0.02',
    pageSize: 50,
    description: 'KOL leaderboard',
  },
  { id: 'kol', method: 'GET', path: '/v1/kol/{address}', usd: '0.02', description: 'One KOL in detail' },
  {
    id: 'analyze',
    method: 'POST',
    path: '/v1/analyze/{mint}',
    usd: '5.00',
    description: 'On-demand analysis',
  },
  { id: 'wallet', method: 'GET', path: '/v1/wallet/{address}', usd: '0.01', description: 'Vet one wallet' },
  {
    id: 'wallet_network',
    method: 'GET',
    path: '/v1/wallet/{address}/network',
    usd: '0.03',
    description: 'Direct ties of a wallet',
  },
  {
    id: 'web',
    method: 'GET',
    path: '/v1/web/{mint}',
    usd: '0.04',
    description: 'Launches tied through wallets',
  },
  {
    id: 'wallets',
    method: 'GET',
    path: '/v1/wallets/{mint}',
    usd: '0.01',
    description: 'Wallet addresses by role',
  },
  {
    id: 'stream_kols',
    method: 'GET',
    path: '/v1/stream/kols',
    usd: '0.002',
    unit: 'trade delivered',
    description: 'KOL trades as they happen',
  },
  {
    id: 'stream_migrations',
    method: 'GET',
    path: '/v1/stream/migrations',
    usd: '0.001',
    unit: 'token delivered',
    description: 'Tokens as they finish analysis',
  },
  {
    id: 'stream_wallets',
    method: 'GET',
    path: '/v1/stream/wallets',
    usd: '0.005',
    unit: 'event delivered',
    description: 'Watched wallets appearing in new analyses',
  },
] as const satisfies readonly RoutePrice[];

export type PricedRouteId = (typeof PRICE_TABLE)[number]['id'];

/** Credits bought per USD at the base rate (API-SPEC §5.2); a call costs `usd × 2000` credits. */
export const CREDITS_PER_USD = 2000;

/** USDC has 6 decimals: prices are kept as integer micro-USD (= USDC base units). */
export const MICROS_PER_USD = 1_000_000;
