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
