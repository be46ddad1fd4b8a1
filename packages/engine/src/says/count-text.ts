/** A count with its noun in the right number: `1 wallet`, `3 wallets`, `2 launches`. */
export function countText(n: number, singular: string, plural = `${singular}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? singular : plural}`;
}
