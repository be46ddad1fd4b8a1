import { expect, test } from 'vitest';
import { createProcessHolds } from './process-holds.js';

test('a taken hold stays counted until released, and is released once however often asked', () => {
  const holds = createProcessHolds();
  const a = holds.add('k', 30, 'screen', 'r1', 1);
  holds.add('k', 20, 'screen', 'r2', 2);
  holds.add('other', 5, 'screen', 'r3', 3);
  expect(holds.heldBy('k')).toBe(50);
  expect(holds.take(a.id)).toBe(a);
  expect(holds.take(a.id)).toBeUndefined();
  expect(holds.heldBy('k')).toBe(50);
  holds.release(a);
  holds.release(a);
  expect(holds.heldBy('k')).toBe(20);
  expect(holds.heldBy('other')).toBe(5);
});

test('a void takes and releases the holds made before its cut, and only those', () => {
  const holds = createProcessHolds();
  const early = holds.add('k', 30, 'screen', 'r1', 5);
  const late = holds.add('k', 20, 'screen', 'r2', 50);
  expect(holds.voidBefore(10)).toBe(1);
  expect(holds.heldBy('k')).toBe(20);
  expect(holds.take(early.id)).toBeUndefined();
  expect(holds.take(late.id)).toBe(late);
  expect(holds.voidBefore(100)).toBe(0);
  holds.release(late);
  expect(holds.heldBy('k')).toBe(0);
});
