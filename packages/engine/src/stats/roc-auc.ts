/**
 * Area under the ROC curve as the Mann–Whitney U statistic with mid-ranks for ties, so a tied
 * positive/negative pair counts ½: P(s⁺ > s⁻) + ½·P(s⁺ = s⁻). NaN without both classes.
 */
export function rocAuc(scores: ArrayLike<number>, outcomes: ArrayLike<boolean | number>): number {
  const n = scores.length;
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((a, b) => scores[a] - scores[b]);
  let positives = 0;
  let rankSumPositives = 0;
  let i = 0;
  while (i < n) {
    let j = i;
    while (j + 1 < n && scores[order[j + 1]] === scores[order[i]]) j++;
    const midRank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) {
      if (Number(outcomes[order[k]]) === 1) {
        positives++;
        rankSumPositives += midRank;
      }
    }
    i = j + 1;
  }
  const negatives = n - positives;
  if (positives === 0 || negatives === 0) return Number.NaN;
  return (rankSumPositives - (positives * (positives + 1)) / 2) / (positives * negatives);
}
