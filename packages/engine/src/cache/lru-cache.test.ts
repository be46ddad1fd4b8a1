import { expect, test } from 'vitest';
import { LruCache } from './lru-cache.js';

test('a full cache forgets the least recently used entry', () => {
  const c = new LruCache<string, number>(2);
  c.set('a', 1);
  c.set('b', 2);
  expect(c.get('a')).toBe(1);
  c.set('c', 3);
  expect(c.get('b')).toBeUndefined();
  expect(c.get('a')).toBe(1);
  expect(c.get('c')).toBe(3);
  expect(c.size).toBe(2);
});

test('a deleted or cleared entry is gone', () => {
  const c = new LruCache<string, number>(3);
  c.set('a', 1);
  c.set('b', 2);
  c.delete('a');
  expect(c.get('a')).toBeUndefined();
  expect(c.get('b')).toBe(2);
  c.clear();
  expect(c.size).toBe(0);
  expect(c.get('b')).toBeUndefined();
});

test('an entry forgotten to make room is told to onEvict; a deleted one is not', () => {
  const evicted: string[] = [];
  const c = new LruCache<string, number>(2, (key, value) => evicted.push(`${key}=${value}`));
  c.set('a', 1);
  c.set('b', 2);
  c.delete('b');
  c.set('c', 3);
  c.set('d', 4);
  expect(evicted).toEqual(['a=1']);
});

test('has and peek read without counting as a use', () => {
  const c = new LruCache<string, number>(2);
  c.set('a', 1);
  c.set('b', 2);
  expect(c.has('a')).toBe(true);
  expect(c.peek('a')).toBe(1);
  c.set('c', 3);
  // 'a' was only peeked at, so it is still the least recently used and goes first.
  expect(c.has('a')).toBe(false);
  expect(c.peek('b')).toBe(2);
  expect(c.peek('missing')).toBeUndefined();
});

test('an entry used in the last capacity − 1 − ⌊capacity / 2⌋ gets and sets is kept', () => {
  // A seeded stream of gets and sets over more keys than fit, checked against the guarantee.
  for (const capacity of [3, 8, 33]) {
    const c = new LruCache<number, number>(capacity);
    const lastUse = new Map<number, number>();
    let seed = capacity;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed;
    };
    const kept = capacity - 1 - Math.floor(capacity / 2);
    for (let op = 0; op < 5_000; op++) {
      const key = next() % (capacity * 2);
      if (next() % 3 === 0) c.set(key, key * 10);
      const value = c.get(key);
      if (value !== undefined) {
        expect(value).toBe(key * 10);
        lastUse.set(key, op);
      }
      expect(c.size).toBeLessThanOrEqual(capacity);
      for (const [k, used] of lastUse) if (op - used < kept) expect(c.has(k), `${k} at ${op}`).toBe(true);
    }
  }
});

test('a use in the newer half does not move the entry: it leaves before newer ones', () => {
  const c = new LruCache<string, number>(4);
  for (const k of ['a', 'b', 'c', 'd']) c.set(k, 1);
  expect(c.get('c')).toBe(1); // one set after it: not moved (exact LRU would move it past 'd')
  c.set('e', 1);
  c.set('f', 1);
  c.set('g', 1);
  expect(['a', 'b', 'c', 'd'].filter((k) => c.has(k))).toEqual(['d']);
  expect(c.get('d')).toBe(1); // three sets after it: moved, so it outlives 'e'
  c.set('h', 1);
  expect(c.has('d')).toBe(true);
  expect(c.has('e')).toBe(false);
});
