import { type DuckDBAppender, DuckDBDataChunk, INTEGER } from '@duckdb/node-api';
import duckdb from '@duckdb/node-bindings';
import { CHUNK_ROWS } from './chunk-rows.js';

/** Name and DDL of the staging table listing the dictionary ids staged in address columns. */
export const ADDRESS_STRINGS_TABLE = 'stage_address_strings';
export const ADDRESS_STRINGS_DDL = `CREATE TABLE ${ADDRESS_STRINGS_TABLE} (id INTEGER)`;

/**
 * The dictionary ids of the strings staged in address columns, a bit each, noted as rows arrive
 * (`ColumnBuffer`), so the writer numbers the addresses (`addressIdsSql`) from this list instead of
 * reading every staged address column back and deduplicating it (at 240k launches ≈ 170 M staged
 * values for ≈ 12 M ids).
 */
export class AddressStringIds {
  private bits = new Uint32Array(1 << 15);

  add(id: number): void {
    const word = id >>> 5;
    if (word >= this.bits.length) this.grow(word);
    this.bits[word] |= 1 << (id & 31);
  }

  has(id: number): boolean {
    const word = id >>> 5;
    return word < this.bits.length && (this.bits[word] & (1 << (id & 31))) !== 0;
  }

  /** Appends every id, ascending, to `ADDRESS_STRINGS_TABLE` through `appender`. */
  writeTo(appender: DuckDBAppender): void {
    const chunk = DuckDBDataChunk.create([INTEGER]);
    const ids = new Int32Array(CHUNK_ROWS);
    let n = 0;
    const flush = () => {
      chunk.reset();
      chunk.rowCount = n;
      duckdb.copy_data_to_vector(duckdb.data_chunk_get_vector(chunk.chunk, 0), 0, ids.buffer, 0, n * 4);
      appender.appendDataChunk(chunk);
      n = 0;
    };
    const bits = this.bits;
    for (let word = 0; word < bits.length; word++) {
      let w = bits[word];
      while (w !== 0) {
        const bit = 31 - Math.clz32(w & -w);
        w &= w - 1;
        ids[n++] = word * 32 + bit;
        if (n === CHUNK_ROWS) flush();
      }
    }
    if (n > 0) flush();
  }

  private grow(word: number): void {
    let size = this.bits.length;
    while (size <= word) size *= 2;
    const bits = new Uint32Array(size);
    bits.set(this.bits);
    this.bits = bits;
  }
}
