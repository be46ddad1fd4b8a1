import { countText } from '../says/count-text.js';
import { pctText } from '../says/pct-text.js';
import type { EdgeRow } from '../tables/edge-row.js';
import type { KnownWalletRow } from '../tables/known-wallet-row.js';
import { clusterWallets } from './cluster-wallets.js';
import type { GraphHolder } from './graph-holder.js';
import {
  GRAPH_CAPS,
  type GraphCaps,
  type GraphCluster,
  type GraphMember,
  type GraphRecord,
} from './graph-record.js';
import { rolesOf } from './roles-of.js';

export interface BuildGraphOptions {
  readonly caps?: GraphCaps;
  readonly seed?: number;
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The graph record of a token from its holder rows, its edges and the known wallets among them. */
export function buildGraphRecord(
  mint: string,
  holders: readonly GraphHolder[],
  edges: readonly EdgeRow[],
  known: readonly KnownWalletRow[],
  options: BuildGraphOptions = {},
): GraphRecord {
  const caps = options.caps ?? GRAPH_CAPS;
  const seed = options.seed ?? 1;
  const knownName = new Map(known.map((k) => [k.address, k.name]));
  const exchanges = new Set(knownName.keys());
  const clusters = clusterWallets(
    holders.map((h) => h.wallet),
    edges,
    { exchanges, seed },
  );

  const byWallet = new Map(holders.map((h) => [h.wallet, h]));
  const members: GraphMember[] = holders.map((h) => {
    const roles = rolesOf(h);
    return {
      wallet: h.wallet,
      cluster: clusters.cluster.get(h.wallet) ?? null,
      component: clusters.component.get(h.wallet) ?? null,
      role: roles[0],
      roles,
      supply_pct: h.supply_pct,
      known_name: knownName.get(h.wallet) ?? null,
    };
  });
  const outside = new Set<string>();
  for (const e of edges) for (const w of [e.wallet_a, e.wallet_b]) if (!byWallet.has(w)) outside.add(w);
  for (const w of outside) {
    const role = exchanges.has(w) ? 'exchange' : 'funder';
    members.push({
      wallet: w,
      cluster: clusters.cluster.get(w) ?? null,
      component: clusters.component.get(w) ?? null,
      role,
      roles: [role],
      supply_pct: 0,
      known_name: knownName.get(w) ?? null,
    });
  }
  members.sort(
    (a, b) =>
      (a.cluster ?? Number.POSITIVE_INFINITY) - (b.cluster ?? Number.POSITIVE_INFINITY) ||
      b.supply_pct - a.supply_pct ||
      cmp(a.wallet, b.wallet),
  );

  const summaries = new Map<number, GraphCluster>();
  for (const m of members) {
    if (m.cluster === null) continue;
    const s = summaries.get(m.cluster) ?? {
      cluster: m.cluster,
      component: m.component as number,
      size: 0,
      supply_pct: 0,
      insiders: 0,
      snipers: 0,
      fresh: 0,
    };
    s.size++;
    s.supply_pct += m.supply_pct;
    if (m.roles.includes('insider')) s.insiders++;
    if (m.roles.includes('sniper')) s.snipers++;
    if (m.roles.includes('fresh')) s.fresh++;
    summaries.set(m.cluster, s);
  }
  const clusterList = [...summaries.values()].sort((a, b) => a.cluster - b.cluster);

  const weight = (e: EdgeRow) => e.strength * e.confidence;
  const sortedEdges = [...edges].sort(
    (a, b) =>
      weight(b) - weight(a) ||
      cmp(a.kind, b.kind) ||
      cmp(a.wallet_a, b.wallet_a) ||
      cmp(a.wallet_b, b.wallet_b),
  );
  const wash = holders
    .filter((h) => h.is_wash)
    .sort((a, b) => b.supply_pct - a.supply_pct || cmp(a.wallet, b.wallet))
    .map((h) => h.wallet);

  const biggest = clusterList[0];
  const says =
    clusterList.length === 0
      ? `None of the ${countText(members.length, 'wallet')} around this token is tied to another by funding, co-buys or transfers.`
      : `${countText(members.length, 'wallet')} and ${countText(edges.length, 'tie')} form ` +
        `${countText(clusterList.length, 'cluster')}; the largest has ${countText(biggest.size, 'wallet')} holding ` +
        `${pctText(biggest.supply_pct)} of supply, and ${countText(wash.length, 'wash wallet')} ${wash.length === 1 ? 'was' : 'were'} seen.`;

  return {
    mint,
    edges: sortedEdges.slice(0, caps.edges).map((e) => ({
      wallet_a: e.wallet_a,
      wallet_b: e.wallet_b,
      kind: e.kind,
      strength: e.strength,
      confidence: e.confidence,
      evidence: e.evidence,
      via_exchange: exchanges.has(e.wallet_a) || exchanges.has(e.wallet_b),
    })),
    edges_total: edges.length,
    members: members.slice(0, caps.members),
    members_total: members.length,
    clusters: clusterList.slice(0, caps.clusters),
    clusters_total: clusterList.length,
    wash_wallets: wash.slice(0, caps.wash_wallets),
    wash_wallets_total: wash.length,
    caps: {
      edges: caps.edges,
      members: caps.members,
      clusters: caps.clusters,
      wash_wallets: caps.wash_wallets,
    },
    modularity: clusters.modularity,
    method:
      'connected components of the tie graph, then Louvain communities (graphology-communities-louvain, ' +
      `weight = strength × confidence, seed ${seed}); ties through known exchanges are never merged through`,
    says,
  };
}
