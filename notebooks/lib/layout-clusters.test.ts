import { layoutClusters } from './layout-clusters.ts';

const member = (wallet: string, cluster: number | null, supply_pct = 1) => ({ wallet, cluster, supply_pct });
const check = (ok: boolean, message: string) => {
  if (!ok) throw new Error(message);
};

Deno.test('wallets without a community are left out of the picture', () => {
  const placed = layoutClusters([member('a', 1), member('b', null), member('c', 1)]);
  check(
    placed
      .map((p) => p.wallet)
      .sort()
      .join() === 'a,c',
    `placed ${placed.map((p) => p.wallet)}`,
  );
});

Deno.test('the largest holder of a community sits at its centre', () => {
  const placed = layoutClusters([member('small', 1, 1), member('big', 1, 9), member('mid', 1, 5)]);
  const [first] = placed;
  check(first.wallet === 'big', `first placed is ${first.wallet}`);
  const others = placed.slice(1);
  check(
    others.every((p) => Math.hypot(p.x - first.x, p.y - first.y) > 0.5),
    'another wallet overlaps the centre',
  );
});

Deno.test('communities do not overlap', () => {
  const wallets = [1, 2, 3, 4, 5].flatMap((c) =>
    Array.from({ length: c * 3 }, (_, i) => member(`${c}-${i}`, c, i)),
  );
  const placed = layoutClusters(wallets);
  const discs = [1, 2, 3, 4, 5].map((c) => {
    const ps = placed.filter((p) => p.cluster === c);
    const xs = ps.map((p) => p.x);
    const ys = ps.map((p) => p.y);
    return { x0: Math.min(...xs), x1: Math.max(...xs), y0: Math.min(...ys), y1: Math.max(...ys) };
  });
  for (let i = 0; i < discs.length; i++) {
    for (let j = i + 1; j < discs.length; j++) {
      const a = discs[i];
      const b = discs[j];
      const apart = a.x1 < b.x0 || b.x1 < a.x0 || a.y1 < b.y0 || b.y1 < a.y0;
      check(apart, `communities ${i + 1} and ${j + 1} overlap`);
    }
  }
});
