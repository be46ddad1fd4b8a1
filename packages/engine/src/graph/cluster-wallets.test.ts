import { describe, expect, it } from 'vitest';
import { clusterWallets } from './cluster-wallets.js';

const tie = (wallet_a: string, wallet_b: string, strength = 1, confidence = 0.85) => ({
  wallet_a,
  wallet_b,
  strength,
  confidence,
});

describe('clusterWallets', () => {
  it('exchange funders never merge clusters', () => {
    const r = clusterWallets(['a', 'b', 'c'], [tie('EXCH', 'a'), tie('EXCH', 'b'), tie('a', 'c')], {
      exchanges: new Set(['EXCH']),
    });
    expect(r.cluster.get('a')).toBe(r.cluster.get('c'));
    expect(r.cluster.get('b')).toBeUndefined();
    expect(r.component.has('EXCH')).toBe(false);
    expect(r.components).toBe(1);
  });

  it('without the exchange rule the same ties would merge a and b', () => {
    const r = clusterWallets(['a', 'b', 'c'], [tie('EXCH', 'a'), tie('EXCH', 'b'), tie('a', 'c')], {
      exchanges: new Set(),
    });
    expect(r.component.get('a')).toBe(r.component.get('b'));
  });

  it('Louvain splits two dense groups joined by one weak tie inside one component', () => {
    const left = ['l1', 'l2', 'l3', 'l4'];
    const right = ['r1', 'r2', 'r3', 'r4'];
    const clique = (ws: string[]) => ws.flatMap((a, i) => ws.slice(i + 1).map((b) => tie(a, b, 1, 1)));
    const r = clusterWallets(
      [...left, ...right],
      [...clique(left), ...clique(right), tie('l1', 'r1', 0.01, 0.5)],
      {
        exchanges: new Set(),
      },
    );
    expect(r.components).toBe(1);
    expect(r.clusters).toBe(2);
    expect(new Set(left.map((w) => r.cluster.get(w))).size).toBe(1);
    expect(r.cluster.get('l1')).not.toBe(r.cluster.get('r1'));
    expect(r.modularity).toBeGreaterThan(0.3);
  });

  it('numbers clusters by size, largest first, and is reproducible', () => {
    const ties = [tie('a', 'b'), tie('c', 'd'), tie('d', 'e')];
    const r1 = clusterWallets(['a', 'b', 'c', 'd', 'e', 'z'], ties, { exchanges: new Set() });
    const r2 = clusterWallets(['a', 'b', 'c', 'd', 'e', 'z'], ties, { exchanges: new Set() });
    expect(r1.cluster.get('c')).toBe(1);
    expect(r1.cluster.get('a')).toBe(2);
    expect(r1.cluster.has('z')).toBe(false);
    expect([...r1.cluster]).toEqual([...r2.cluster]);
  });

  it('no tie means no cluster', () => {
    const r = clusterWallets(['a', 'b'], [], { exchanges: new Set() });
    expect(r).toMatchObject({ clusters: 0, components: 0, modularity: null });
  });
});
