import { describe, expect, it } from 'vitest';
import { ReorderBuffer } from './reorder-buffer.js';

describe('ReorderBuffer', () => {
  it('releases a slot only once the stream is lagSlots past it, in slot order', () => {
    const buffer = new ReorderBuffer<string>(2);
    buffer.add(11, 'b');
    buffer.add(10, 'a');
    buffer.add(12, 'c');
    expect(buffer.take()).toEqual([{ slot: 10, items: ['a'] }]);
    buffer.add(14, 'e');
    buffer.add(11, 'b2');
    expect(buffer.take()).toEqual([
      { slot: 11, items: ['b', 'b2'] },
      { slot: 12, items: ['c'] },
    ]);
    expect(buffer.size).toBe(1);
    expect(buffer.take(true)).toEqual([{ slot: 14, items: ['e'] }]);
    expect(buffer.late).toBe(0);
  });

  it('counts an item for a slot already released as late and still hands it out', () => {
    const buffer = new ReorderBuffer<string>(0);
    buffer.add(5, 'x');
    buffer.take();
    buffer.add(4, 'old');
    expect(buffer.late).toBe(1);
    expect(buffer.take()).toEqual([{ slot: 4, items: ['old'] }]);
  });
});
