/** Deletes the oldest entries (insertion order) of a Map or Set beyond `limit`. */
export function trimOldest(collection: Map<unknown, unknown> | Set<unknown>, limit: number): void {
  while (collection.size > limit) collection.delete(collection.keys().next().value);
}
