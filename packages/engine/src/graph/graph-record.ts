import { z } from 'zod';
import { EdgeKind } from '../tables/edge-row.js';

export const WalletRole = z.enum([
  'creator',
  'bundle',
  'insider',
  'sniper',
  'fresh',
  'early',
  'kol',
  'whale',
  'notable',
  'wash',
  'holder',
  'trader',
  'funder',
  'exchange',
]);
export type WalletRole = z.infer<typeof WalletRole>;

export const GraphEdge = z.object({
  wallet_a: z.string(),
  wallet_b: z.string(),
  kind: EdgeKind,
  strength: z.number(),
  confidence: z.number(),
  evidence: z.string(),
  /** True when one end is a known exchange: shown, but never used to merge clusters. */
  via_exchange: z.boolean(),
});
export type GraphEdge = z.infer<typeof GraphEdge>;

export const GraphMember = z.object({
  wallet: z.string(),
  /** Louvain community (1 = largest); null for a wallet with no usable tie. */
  cluster: z.int().nullable(),
  /** Connected component (1 = largest); null for a wallet with no usable tie. */
  component: z.int().nullable(),
  /** The wallet's main role: the first of `roles` in `WalletRole` order. */
  role: WalletRole,
  roles: z.array(WalletRole),
  supply_pct: z.number(),
  /** Exchange name when the address is a known wallet. */
  known_name: z.string().nullable(),
});
export type GraphMember = z.infer<typeof GraphMember>;

export const GraphCluster = z.object({
  cluster: z.int(),
  component: z.int(),
  size: z.int(),
  supply_pct: z.number(),
  insiders: z.int(),
  snipers: z.int(),
  fresh: z.int(),
});
export type GraphCluster = z.infer<typeof GraphCluster>;

/**
 * API-SPEC §2.3 graph record. Arrays are cut at `GRAPH_CAPS`; the `_total` fields are the true
 * counts (compare them with the array lengths to detect truncation).
 */
export const GraphRecord = z.object({
  mint: z.string(),
  edges: z.array(GraphEdge),
  edges_total: z.int(),
  members: z.array(GraphMember),
  members_total: z.int(),
  clusters: z.array(GraphCluster),
  clusters_total: z.int(),
  wash_wallets: z.array(z.string()),
  wash_wallets_total: z.int(),
  caps: z.object({ edges: z.int(), members: z.int(), clusters: z.int(), wash_wallets: z.int() }),
  modularity: z.number().nullable(),
  method: z.string(),
  says: z.string(),
});
export type GraphRecord = z.infer<typeof GraphRecord>;

/**
 * Array caps of the graph record: edges strongest first (strength × confidence), members
 * clustered first (cluster, then supply), clusters largest first, wash wallets by supply.
 */
export const GRAPH_CAPS = { edges: 500, members: 500, clusters: 100, wash_wallets: 200 } as const;
export type GraphCaps = { readonly [K in keyof typeof GRAPH_CAPS]: number };
