import { type DuckDBAppender, DuckDBDataChunk, INTEGER, VARCHAR } from '@duckdb/node-api';
import duckdb from '@duckdb/node-bindings';
import { CHUNK_ROWS } from './chunk-rows.js';

/** Name and DDL of the staging table holding the dictionary. */
export const DICTIONARY_TABLE = 'stage_strings';
export const DICTIONARY_DDL = `CREATE TABLE ${DICTIONARY_TABLE} (id INTEGER, s VARCHAR)`;

/** Strings the dictionary remembers by default (see `StringDictionary`). */
export const DICTIONARY_WINDOW = 1 << 19;

/** Keys the dictionary remembers for `idOfKeyed` (one slot each, by key modulo this). */
export const KEYED_SLOTS = 1 << 20;

/**
 * The strings written to a dataset, numbered in order of first sight. Tables stage a string as its
 * id, so a string crosses into DuckDB once instead of once per row and staged rows stay small
 * (measured, 3 M rows with 3 string columns of 44-char addresses on a busy 2-core machine:
 * appending took 3.9–4.4 s with the dictionary against 5.4–8.1 s assigning every string into the
 * chunk, ≈ 0.2 µs per native string assignment). It remembers the last `window` strings only, so
 * its memory does not grow with the dataset: a string seen again after it was forgotten gets a
 * second id (same text), which the writer's final copy folds together.
 *
 * A string its caller already numbers (a wallet's id in the builder's book) is looked up by that
 * number instead (`idOfKeyed`): one slot of a typed array, no hashing of the string (the string
 * `Map` was ≈ 12 % of the 24k replay's main thread, most of it wallet and funder columns).
 */
export class StringDictionary {
  private readonly ids = new Map<string, number>();
  /** The string of each remembered id, at `id % window`. */
  private readonly recent: string[] = [];
  private nextId = 0;
  private readonly pending: string[] = [];
  private readonly idBuffer = new Int32Array(CHUNK_ROWS);
  private readonly chunk = DuckDBDataChunk.create([INTEGER, VARCHAR]);
  /** For `idOfKeyed`: the key held in each slot (-1 for none) and the id given to it. */
  private readonly slotKeys = new Int32Array(KEYED_SLOTS).fill(-1);
  private readonly slotIds = new Int32Array(KEYED_SLOTS);

  constructor(
    private readonly appender: DuckDBAppender,
    private readonly window = DICTIONARY_WINDOW,
  ) {}

  /** Ids given so far (a forgotten string seen again counts twice). */
  get size(): number {
    return this.nextId;
  }

  /** The id of `s`, numbering it if it is new or forgotten. */
  idOf(s: string): number {
    let id = this.ids.get(s);
    if (id === undefined) {
      id = this.add(s);
      this.ids.set(s, id);
    }
    return id;
  }

  /**
   * The id of `s`, which the caller numbers `key` (a whole number below 2^31; the same key always
   * stands for the same string): remembered by key, in slot `key % KEYED_SLOTS`, until another key
   * takes that slot; `s` is then numbered again (same text, folded like a forgotten string).
   */
  idOfKeyed(key: number, s: string): number {
    const slot = key & (KEYED_SLOTS - 1);
    if (this.slotKeys[slot] === key) return this.slotIds[slot];
    const id = this.add(s);
    this.slotKeys[slot] = key;
    this.slotIds[slot] = id;
    return id;
  }

  /** Numbers `s` (it goes to the table with the next flush), forgetting the string `window` ids back. */
  private add(s: string): number {
    const id = this.nextId++;
    const slot = id % this.window;
    if (id >= this.window) {
      const old = this.recent[slot];
      if (this.ids.get(old) === id - this.window) this.ids.delete(old);
    }
    this.recent[slot] = s;
    this.pending.push(s);
    if (this.pending.length === CHUNK_ROWS) this.flush();
    return id;
  }

  /** Flushes what is pending and forgets the numbering (the table keeps it); no `idOf` after this. */
  release(): void {
    this.flush();
    this.ids.clear();
    this.recent.length = 0;
  }

  /** Moves newly numbered strings into the dictionary table. */
  flush(): void {
    const n = this.pending.length;
    if (n === 0) return;
    const first = this.nextId - n;
    const chunk = this.chunk;
    chunk.reset();
    chunk.rowCount = n;
    const ids = this.idBuffer;
    for (let i = 0; i < n; i++) ids[i] = first + i;
    duckdb.copy_data_to_vector(duckdb.data_chunk_get_vector(chunk.chunk, 0), 0, ids.buffer, 0, n * 4);
    const strings = duckdb.data_chunk_get_vector(chunk.chunk, 1);
    for (let i = 0; i < n; i++) duckdb.vector_assign_string_element(strings, i, this.pending[i]);
    this.appender.appendDataChunk(chunk);
    this.pending.length = 0;
  }
}
