import { BOOLEAN, DOUBLE, type DuckDBAppender, DuckDBDataChunk, INTEGER } from '@duckdb/node-api';
import duckdb from '@duckdb/node-bindings';
import type { SqlColumn } from '@launchlens/engine/internal';
import type { AddressStringIds } from './address-string-ids.js';
import { CHUNK_ROWS } from './chunk-rows.js';
import { stagingKind } from './staging-kind.js';
import type { StringDictionary } from './string-dictionary.js';

const VALIDITY_BYTES = CHUNK_ROWS / 8;

const NUMBER = 0;
const BOOL = 1;
const STRING_ID = 2;

/**
 * One table's rows buffered column by column, one data chunk at a time, and moved into its DuckDB
 * staging table through an appender as whole typed arrays: numbers and booleans never cross into
 * native code one by one, and strings cross once per distinct value (`StringDictionary`). The last
 * staging column is the row's sequence number, which makes the final sort total. The `keyed`
 * columns' strings are looked up by the number the caller gives with the row (`append`), and the
 * dictionary ids of the `addresses` columns' strings are noted in `addressIds`.
 */
export class ColumnBuffer {
  private readonly names: readonly string[];
  private readonly kinds: Uint8Array;
  private readonly data: (Float64Array<ArrayBuffer> | Uint8Array<ArrayBuffer> | Int32Array<ArrayBuffer>)[];
  private readonly validity: Uint8Array<ArrayBuffer>[];
  private readonly hasNull: Uint8Array;
  private readonly seq = new Float64Array(CHUNK_ROWS);
  /** Each string column's previous value and id: runs (a launch's mint) skip the dictionary. */
  private readonly lastString: (string | undefined)[];
  private readonly lastId: Int32Array;
  /** Each column's place among the `keyed` columns, or -1. */
  private readonly keyAt: Int32Array;
  /** 1 for the columns whose strings are addresses. */
  private readonly isAddress: Uint8Array;
  private readonly chunk: DuckDBDataChunk;
  private count = 0;
  /** Rows appended so far, flushed or not. */
  rows = 0;

  constructor(
    columns: readonly SqlColumn[],
    private readonly appender: DuckDBAppender,
    private readonly dictionary: StringDictionary,
    keyed: readonly string[] = [],
    addresses: readonly string[] = [],
    private readonly addressIds: AddressStringIds | null = null,
  ) {
    this.names = columns.map((c) => c.name);
    this.keyAt = Int32Array.from(this.names, (name) => keyed.indexOf(name));
    this.isAddress = Uint8Array.from(this.names, (name) => (addresses.includes(name) ? 1 : 0));
    const kinds = columns.map(stagingKind);
    this.kinds = Uint8Array.from(kinds, (k) =>
      k === 'DOUBLE' ? NUMBER : k === 'BOOLEAN' ? BOOL : STRING_ID,
    );
    this.data = kinds.map((k) =>
      k === 'DOUBLE'
        ? new Float64Array(CHUNK_ROWS)
        : k === 'BOOLEAN'
          ? new Uint8Array(CHUNK_ROWS)
          : new Int32Array(CHUNK_ROWS),
    );
    this.validity = kinds.map(() => new Uint8Array(VALIDITY_BYTES).fill(0xff));
    this.hasNull = new Uint8Array(kinds.length);
    this.lastString = kinds.map(() => undefined);
    this.lastId = new Int32Array(kinds.length);
    const types = kinds.map((k) => (k === 'DOUBLE' ? DOUBLE : k === 'BOOLEAN' ? BOOLEAN : INTEGER));
    this.chunk = DuckDBDataChunk.create([...types, DOUBLE]);
  }

  /**
   * Buffers one row; a full chunk goes to DuckDB at once. `keys`, when given, holds a key for each
   * `keyed` column in that order (see `StringDictionary.idOfKeyed`; read during the call only).
   */
  append(row: object, keys?: ArrayLike<number>): void {
    const r = row as Record<string, unknown>;
    const i = this.count;
    const names = this.names;
    for (let c = 0; c < names.length; c++) {
      const v = r[names[c]];
      if (v === null || v === undefined) {
        this.validity[c][i >> 3] &= ~(1 << (i & 7));
        this.hasNull[c] = 1;
        continue;
      }
      switch (this.kinds[c]) {
        case NUMBER:
          this.data[c][i] = v as number;
          break;
        case BOOL:
          this.data[c][i] = v ? 1 : 0;
          break;
        default: {
          let id: number;
          if (keys !== undefined && this.keyAt[c] >= 0) {
            id = this.dictionary.idOfKeyed(keys[this.keyAt[c]], v as string);
          } else if (v !== this.lastString[c]) {
            this.lastString[c] = v as string;
            id = this.dictionary.idOf(v as string);
            this.lastId[c] = id;
          } else {
            this.data[c][i] = this.lastId[c];
            break;
          }
          this.data[c][i] = id;
          if (this.isAddress[c] === 1) this.addressIds?.add(id);
        }
      }
    }
    this.seq[i] = this.rows++;
    if (++this.count === CHUNK_ROWS) this.flush();
  }

  /** Moves the buffered rows into the staging table. */
  flush(): void {
    const n = this.count;
    if (n === 0) return;
    const chunk = this.chunk;
    chunk.reset();
    chunk.rowCount = n;
    const columns = this.names.length;
    for (let c = 0; c < columns; c++) {
      const vector = duckdb.data_chunk_get_vector(chunk.chunk, c);
      const data = this.data[c];
      duckdb.copy_data_to_vector(vector, 0, data.buffer, 0, n * data.BYTES_PER_ELEMENT);
      if (this.hasNull[c]) {
        duckdb.vector_ensure_validity_writable(vector);
        duckdb.copy_data_to_vector_validity(vector, 0, this.validity[c].buffer, 0, Math.ceil(n / 64) * 8);
        this.validity[c].fill(0xff);
        this.hasNull[c] = 0;
      }
    }
    duckdb.copy_data_to_vector(
      duckdb.data_chunk_get_vector(chunk.chunk, columns),
      0,
      this.seq.buffer,
      0,
      n * 8,
    );
    this.appender.appendDataChunk(chunk);
    this.count = 0;
  }
}
