import { UndirectedGraph } from 'graphology';
import louvainImport, {
  type DetailedLouvainOutput,
  type LouvainOptions,
} from 'graphology-communities-louvain';
import { connectedComponents } from 'graphology-components';
import { seededRandom } from '../stats/seeded-random.js';

interface Louvain {
  detailed(graph: UndirectedGraph, options: LouvainOptions): DetailedLouvainOutput;
}
// A CommonJS module whose d.ts declares an ESM default: Node's default import is `module.exports` itself.
const louvain = ((louvainImport as unknown as { default?: Louvain }).default ??
  louvainImport) as unknown as Louvain;

export interface WalletTie {
  readonly wallet_a: string;
  readonly wallet_b: string;
  readonly strength: number;
  readonly confidence: number;
}

export interface ClusterWalletsOptions {
  /** Service wallets (known exchanges): ties through them are ignored, so they never merge clusters. */
  readonly exchanges: ReadonlySet<string>;
  readonly seed?: number;
  /** Louvain resolution; higher gives more, smaller clusters. */
  readonly resolution?: number;
}

export interface WalletClusters {
  /** Wallet → cluster number (1 = largest); wallets with no tie have none. */
  readonly cluster: ReadonlyMap<string, number>;
  /** Wallet → connected component number (1 = largest); wallets with no tie have none. */
  readonly component: ReadonlyMap<string, number>;
  readonly clusters: number;
  readonly components: number;
  /** Modularity of the Louvain partition (null when there is no tie). */
  readonly modularity: number | null;
}

/** Numbers groups 1…k by size (largest first), ties broken by their smallest member. */
function numberGroups(groups: readonly (readonly string[])[]): Map<string, number> {
  const sorted = groups
    .map((g) => [...g].sort())
    .sort((a, b) => b.length - a.length || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const out = new Map<string, number>();
  sorted.forEach((g, i) => {
    for (const w of g) out.set(w, i + 1);
  });
  return out;
}

/**
 * Clusters a token's wallets from their ties: connected components of the tie graph, then Louvain
 * communities inside them (graphology-communities-louvain, edge weight = Σ strength × confidence
 * over parallel ties, seeded RNG). Ties touching an exchange are dropped, never merged through.
 */
export function clusterWallets(
  wallets: readonly string[],
  ties: readonly WalletTie[],
  options: ClusterWalletsOptions,
): WalletClusters {
  // Nodes and summed edges are collected first and added once each, in first-seen order (the
  // graph graphology's mergeNode/edge lookups built, at a third of the cost: ≈ 4 ms at 1,000 wallets).
  const nodes = new Set<string>(wallets);
  const pairs = new Map<string, { a: string; b: string; weight: number }>();
  for (const t of ties) {
    if (t.wallet_a === t.wallet_b || options.exchanges.has(t.wallet_a) || options.exchanges.has(t.wallet_b))
      continue;
    const weight = Math.max(t.strength * t.confidence, 1e-9);
    nodes.add(t.wallet_a).add(t.wallet_b);
    const key = t.wallet_a < t.wallet_b ? `${t.wallet_a}\n${t.wallet_b}` : `${t.wallet_b}\n${t.wallet_a}`;
    const pair = pairs.get(key);
    if (pair === undefined) pairs.set(key, { a: t.wallet_a, b: t.wallet_b, weight });
    else pair.weight += weight;
  }
  const graph = new UndirectedGraph();
  for (const w of nodes) graph.addNode(w);
  for (const { a, b, weight } of pairs.values()) graph.addEdge(a, b, { weight });
  const tied = connectedComponents(graph).filter((c) => c.length >= 2);
  const component = numberGroups(tied);
  if (graph.size === 0)
    return { cluster: new Map(), component, clusters: 0, components: 0, modularity: null };

  const detailed = louvain.detailed(graph, {
    getEdgeWeight: 'weight',
    rng: seededRandom(options.seed ?? 1),
    resolution: options.resolution ?? 1,
  });
  const communities = new Map<number, string[]>();
  for (const [wallet, c] of Object.entries(detailed.communities)) {
    if (graph.degree(wallet) === 0) continue;
    const list = communities.get(c) ?? [];
    list.push(wallet);
    communities.set(c, list);
  }
  const cluster = numberGroups([...communities.values()]);
  return {
    cluster,
    component,
    clusters: communities.size,
    components: tied.length,
    modularity: detailed.modularity,
  };
}
