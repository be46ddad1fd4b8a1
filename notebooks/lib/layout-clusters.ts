export interface ClusteredWallet {
  readonly wallet: string;
  /** Community number, 1 = largest; wallets without one are not placed. */
  readonly cluster: number | null;
  readonly supply_pct: number;
}

export interface PlacedWallet {
  readonly wallet: string;
  readonly cluster: number;
  readonly x: number;
  readonly y: number;
}

const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));

/**
 * A deterministic picture layout for a clustered wallet graph: each community is a sunflower disc
 * (largest holder in the middle, Vogel's spiral r = √i), discs packed left to right in rows,
 * largest community first. Coordinates are unitless; wallets without a community are left out.
 */
export function layoutClusters(wallets: readonly ClusteredWallet[]): PlacedWallet[] {
  const groups = new Map<number, ClusteredWallet[]>();
  for (const w of wallets) {
    if (w.cluster === null) continue;
    const group = groups.get(w.cluster) ?? [];
    group.push(w);
    groups.set(w.cluster, group);
  }
  const discs = [...groups.entries()]
    .map(([cluster, members]) => ({
      cluster,
      members: members.toSorted((a, b) => b.supply_pct - a.supply_pct || a.wallet.localeCompare(b.wallet)),
      radius: Math.sqrt(members.length) + 1,
    }))
    .sort((a, b) => b.members.length - a.members.length || a.cluster - b.cluster);
  const rowWidth = Math.max(
    2 * (discs[0]?.radius ?? 1),
    Math.sqrt(discs.reduce((sum, d) => sum + (2 * d.radius) ** 2, 0)) * 1.2,
  );
  const placed: PlacedWallet[] = [];
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  for (const disc of discs) {
    const size = 2 * disc.radius;
    if (x > 0 && x + size > rowWidth) {
      x = 0;
      y += rowHeight;
      rowHeight = 0;
    }
    const cx = x + disc.radius;
    const cy = y + disc.radius;
    disc.members.forEach((m, i) => {
      const r = Math.sqrt(i);
      placed.push({
        wallet: m.wallet,
        cluster: disc.cluster,
        x: cx + r * Math.cos(i * GOLDEN_ANGLE),
        y: cy + r * Math.sin(i * GOLDEN_ANGLE),
      });
    });
    x += size;
    rowHeight = Math.max(rowHeight, size);
  }
  return placed;
}
