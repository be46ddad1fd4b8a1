/** Provisional tx indexes at or above this are assigned by `LaunchTape.finish` in generation order. */
export const AUTO_TX = 1 << 24;

/**
 * Column indexes of a launch's `n` events in (slot, tx, generation) order: one packed numeric key per event (slot offset,
 * compact tx, index) sorted as a Float64Array, far cheaper than a comparator sort; a launch too
 * long or too busy for the packing falls back to the comparator.
 */
export function orderTapeEvents(
  slots: Float64Array,
  txs: Float64Array,
  n: number,
  autoTxs: number,
): Uint32Array {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    if (slots[i] < min) min = slots[i];
    if (slots[i] > max) max = slots[i];
  }
  const order = new Uint32Array(n);
  if (max - min < 2 ** 20 && autoTxs < 2 ** 13 - 1024 && n < 2 ** 16) {
    const keys = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const tx = txs[i] >= AUTO_TX ? 1024 + txs[i] - AUTO_TX : Math.min(txs[i], 1023);
      keys[i] = ((slots[i] - min) * 8192 + tx) * 65536 + i;
    }
    keys.sort();
    for (let k = 0; k < n; k++) order[k] = keys[k] % 65536;
    return order;
  }
  const list = Array.from({ length: n }, (_, i) => i);
  list.sort((a, b) => slots[a] - slots[b] || txs[a] - txs[b] || a - b);
  order.set(list);
  return order;
}
