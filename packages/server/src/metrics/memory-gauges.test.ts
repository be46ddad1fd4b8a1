import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestWorld, type TestWorld } from '../../test/support/test-world.js';
import { registerMemoryGauges } from './memory-gauges.js';

let world: TestWorld;
beforeAll(async () => {
  world = await buildTestWorld();
});
afterAll(() => world.store.close());

const value = (text: string, line: RegExp): number => Number(line.exec(text)?.[1]);

describe('registerMemoryGauges', () => {
  test("reads the resident set, V8's heap and DuckDB's tags of a real store when scraped", async () => {
    const registry = new Registry();
    registerMemoryGauges(registry, world.store);
    const text = await registry.metrics();
    const rss = value(text, /^launchlens_process_resident_memory_bytes (\d+)$/m);
    const heap = value(text, /^launchlens_v8_heap_bytes\{kind="total"\} (\d+)$/m);
    expect(rss).toBeGreaterThan(heap);
    expect(heap).toBeGreaterThan(0);
    // The test world's tables live in DuckDB, so some tag holds memory.
    const tags = [...text.matchAll(/^launchlens_duckdb_memory_bytes\{tag="(\w+)",where="memory"\} (\d+)$/gm)];
    expect(tags.length).toBeGreaterThan(5);
    expect(tags.some(([, , bytes]) => Number(bytes) > 0)).toBe(true);
  });

  test("a tag's figures are replaced, not added up, on the next scrape", async () => {
    const rows = [{ tag: 'BASE_TABLE', memory_usage_bytes: 100n, temporary_storage_bytes: 0n }];
    const registry = new Registry();
    registerMemoryGauges(registry, { all: async <T extends object>() => rows as unknown as T[] });
    await registry.metrics();
    rows[0] = { tag: 'BASE_TABLE', memory_usage_bytes: 40n, temporary_storage_bytes: 7n };
    const text = await registry.metrics();
    expect(text).toContain('launchlens_duckdb_memory_bytes{tag="BASE_TABLE",where="memory"} 40');
    expect(text).toContain('launchlens_duckdb_memory_bytes{tag="BASE_TABLE",where="temp"} 7');
  });
});
