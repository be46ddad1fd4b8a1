import type { EdgeRow, HolderRow, TokenRow } from '@launchlens/engine';
import { DEFAULT_RULES } from '../../src/builder/classification-rules.js';
import { SnapshotBuilder } from '../../src/builder/snapshot-builder.js';
import { loadKnownWallets } from '../../src/known-wallets/load-known-wallets.js';
import { defaultKnownWalletsPath } from '../../src/repo-paths.js';

export interface CollectedRows {
  readonly tokens: TokenRow[];
  readonly holders: HolderRow[];
  readonly edges: EdgeRow[];
  readonly other: Record<string, object[]>;
}

/** A snapshot builder (default rules, the exchanges fixture, SOL at 150 USD) that keeps its rows in memory. */
export function collectingBuilder(): { builder: SnapshotBuilder; rows: CollectedRows } {
  const rows: CollectedRows = { tokens: [], holders: [], edges: [], other: {} };
  const exchanges = loadKnownWallets(defaultKnownWalletsPath()).filter((k) => k.kind === 'exchange');
  const builder = new SnapshotBuilder(
    {
      rules: DEFAULT_RULES,
      exchanges: new Map(exchanges.map((k) => [k.address, k.name])),
      kolWallets: new Set(),
      solUsdAt: () => 150,
      ticksFrom: 0,
    },
    (table, row) => {
      if (table === 'tokens') rows.tokens.push(row as TokenRow);
      else if (table === 'holders') rows.holders.push(row as HolderRow);
      else if (table === 'edges') rows.edges.push(row as EdgeRow);
      else rows.other[table] = [...(rows.other[table] ?? []), row];
    },
  );
  return { builder, rows };
}
