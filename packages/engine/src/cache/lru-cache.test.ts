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
