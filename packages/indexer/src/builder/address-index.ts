const PAGE_BITS = 20;
const PAGE_BYTES = 1 << PAGE_BITS;
/** Location of a string kept in `wide` instead of the byte pages. */
const WIDE = 0xffff_ffff;
const EMPTY = -1;

/**
 * Strings numbered 0, 1, 2, … in order of first sight, held as bytes: a Latin-1 string of up to
 * 255 characters (every Solana address) costs its length + 1 byte in 1 MB pages, 4 bytes of
 * location and ≈ 8 bytes of open-addressing hash table, against ≈ 130 bytes for a JS string kept
 * as a `Map` key plus an id → string array (measured on the 24k build: the wallet book's strings
 * and map were most of the builder's heap, which grew with every wallet ever seen). Other strings
 * go to a plain `Map`.
 */
export class AddressIndex {
  private readonly pages: Uint8Array[] = [];
  private pageUsed = PAGE_BYTES;
  private locations = new Uint32Array(1 << 12);
  private table = new Int32Array(1 << 13).fill(EMPTY);
  private mask = (1 << 13) - 1;
  private readonly wide = new Map<string, number>();
  private readonly wideById = new Map<number, string>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** The id of `s`, or -1 when it was never added. */
  find(s: string): number {
    const hash = narrowHash(s);
    if (hash < 0) return this.wide.get(s) ?? EMPTY;
    const mask = this.mask;
    for (let i = hash & mask; ; i = (i + 1) & mask) {
      const id = this.table[i];
      if (id === EMPTY || this.equals(id, s)) return id;
    }
  }

  /** The id of `s`, numbering it if it is new. */
  intern(s: string): number {
    const hash = narrowHash(s);
    if (hash < 0) {
      let id = this.wide.get(s);
      if (id === undefined) {
        id = this.allocate(WIDE);
        this.wide.set(s, id);
        this.wideById.set(id, s);
      }
      return id;
    }
    const mask = this.mask;
    let i = hash & mask;
    for (; ; i = (i + 1) & mask) {
      const id = this.table[i];
      if (id === EMPTY) break;
      if (this.equals(id, s)) return id;
    }
    const id = this.allocate(this.store(s));
    this.table[i] = id;
    if (this.count * 2 > this.table.length) this.rehash();
    return id;
  }

  /** The string numbered `id`. */
  get(id: number): string {
    const loc = this.locations[id];
    if (loc === WIDE) return this.wideById.get(id)!;
    const page = this.pages[loc >>> PAGE_BITS];
    const at = loc & (PAGE_BYTES - 1);
    const n = page[at];
    let s = '';
    for (let k = 1; k <= n; k++) s += String.fromCharCode(page[at + k]);
    return s;
  }

  private allocate(location: number): number {
    const id = this.count++;
    if (id === this.locations.length) {
      const next = new Uint32Array(this.locations.length * 2);
      next.set(this.locations);
      this.locations = next;
    }
    this.locations[id] = location;
    return id;
  }

  private store(s: string): number {
    const n = s.length;
    if (this.pageUsed + n + 1 > PAGE_BYTES) {
      this.pages.push(new Uint8Array(PAGE_BYTES));
      this.pageUsed = 0;
    }
    const page = this.pages[this.pages.length - 1];
    const at = this.pageUsed;
    page[at] = n;
    for (let k = 0; k < n; k++) page[at + 1 + k] = s.charCodeAt(k);
    this.pageUsed += n + 1;
    return (this.pages.length - 1) * PAGE_BYTES + at;
  }

  private equals(id: number, s: string): boolean {
    const loc = this.locations[id];
    if (loc === WIDE) return false;
    const page = this.pages[loc >>> PAGE_BITS];
    const at = loc & (PAGE_BYTES - 1);
    const n = s.length;
    if (page[at] !== n) return false;
    for (let k = 0; k < n; k++) if (page[at + 1 + k] !== s.charCodeAt(k)) return false;
    return true;
  }

  private rehash(): void {
    const size = this.table.length * 2;
    const table = new Int32Array(size).fill(EMPTY);
    const mask = size - 1;
    for (let id = 0; id < this.count; id++) {
      if (this.locations[id] === WIDE) continue;
      let i = this.hashAt(id) & mask;
      while (table[i] !== EMPTY) i = (i + 1) & mask;
      table[i] = id;
    }
    this.table = table;
    this.mask = mask;
  }

  private hashAt(id: number): number {
    const loc = this.locations[id];
    const page = this.pages[loc >>> PAGE_BITS];
    const at = loc & (PAGE_BYTES - 1);
    let h = 0x811c9dc5;
    for (let k = 1, n = page[at]; k <= n; k++) h = Math.imul(h ^ page[at + k], 0x01000193);
    return h >>> 0;
  }
}

/** FNV-1a, 32 bits, over the string's character codes; -1 when it is not a short Latin-1 string. */
function narrowHash(s: string): number {
  if (s.length > 255) return -1;
  let h = 0x811c9dc5;
  for (let k = 0; k < s.length; k++) {
    const c = s.charCodeAt(k);
    if (c > 0xff) return -1;
    h = Math.imul(h ^ c, 0x01000193);
  }
  return h >>> 0;
}
