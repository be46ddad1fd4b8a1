import { describe, expect, it } from 'vitest';
import { readU64 } from './read-u64.js';

describe('readU64', () => {
  it('reads little-endian u64 values exactly, above 2^53 too, at any offset', () => {
    const bytes = new Uint8Array(24);
    const view = new DataView(bytes.buffer);
    for (const [at, value] of [
      [0, 0n],
      [3, 2n ** 64n - 1n],
      [8, 2n ** 53n + 1n],
      [16, 1_000_000_000_000_000n],
    ] as const) {
      view.setBigUint64(at, value, true);
      expect(readU64(bytes, at)).toBe(value);
    }
  });
});
