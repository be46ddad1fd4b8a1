/** A bounded map that forgets its least recently used entry when full. */
export class LruCache<K, V> {
  readonly #entries = new Map<K, V>();

  /** `onEvict` hears each entry forgotten to make room (not those deleted or cleared). */
  constructor(
    readonly capacity: number,
    private readonly onEvict?: (key: K, value: V) => void,
  ) {}

  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.#entries.delete(key);
    if (this.#entries.size >= this.capacity) {
      const [oldest, forgotten] = this.#entries.entries().next().value!;
      this.#entries.delete(oldest);
      this.onEvict?.(oldest, forgotten);
    }
    this.#entries.set(key, value);
  }

  /** True when `key` is kept; does not count as a use. */
  has(key: K): boolean {
    return this.#entries.has(key);
  }

  /** The value of `key` without counting as a use (a scan over many keys keeps the order). */
  peek(key: K): V | undefined {
    return this.#entries.get(key);
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}
