import { describe, expect, it } from 'vitest';
import { encodeLayout } from '../../testing/encode-layout.js';
import { decodeLayout, type Layout } from './decode-layout.js';

const layout = {
  fields: [
    ['a', 'u8'],
    ['b', 'u64'],
    ['s', 'string'],
  ],
  tail: [
    ['c', 'u16'],
    ['v', { vec: { struct: [['x', 'u32']] } }],
    [
      'e',
      {
        enum: [
          ['None', []],
          ['Some', [['y', 'i64']]],
        ],
      },
    ],
    ['o', { option: 'bool' }],
    ['arr', { array: ['u8', 3] }],
    ['big', 'i128'],
  ],
} as const satisfies Layout;

const full = {
  a: 7,
  b: 2n ** 63n + 5n,
  s: 'héllo',
  c: 65535,
  v: [{ x: 1 }, { x: 4294967295 }],
  e: { variant: 'Some', y: -3n },
  o: null,
  arr: [1, 2, 3],
  big: -(2n ** 100n),
};

describe('decodeLayout', () => {
  it('reads every field type back as written', () => {
    const bytes = encodeLayout([...layout.fields, ...layout.tail], full);
    expect(decodeLayout(layout, bytes)).toEqual({ ok: true, value: full, trailing_bytes: 0 });
  });

  it('stops the tail where an older record ends and reports no trailing bytes', () => {
    const bytes = encodeLayout(layout.fields, full);
    expect(decodeLayout(layout, bytes)).toEqual({
      ok: true,
      value: { a: 7, b: full.b, s: 'héllo' },
      trailing_bytes: 0,
    });
  });

  it('counts bytes past the known layout as trailing', () => {
    const bytes = encodeLayout([...layout.fields, ...layout.tail], full);
    const out = decodeLayout(layout, Uint8Array.from([...bytes, 9, 9, 9, 9]));
    expect(out.ok && out.trailing_bytes).toBe(4);
  });

  it('fails on a required field cut short, naming it', () => {
    const bytes = encodeLayout(layout.fields, full);
    expect(decodeLayout(layout, bytes.subarray(0, 5))).toMatchObject({
      ok: false,
      field: 'b',
      reason: 'end',
    });
  });

  it('a string length past the end is a cut, not an allocation', () => {
    const bytes = Uint8Array.from([1, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0x7f]);
    expect(decodeLayout(layout, bytes)).toMatchObject({ ok: false, field: 's', reason: 'end' });
  });

  it('an enum index past its variants is an invalid value', () => {
    const l = { fields: [['e', { enum: [['A', []]] }]], tail: [] } as const satisfies Layout;
    expect(decodeLayout(l, Uint8Array.from([3]))).toMatchObject({ ok: false, reason: 'invalid' });
  });

  it('decodes from an offset', () => {
    const bytes = encodeLayout(layout.fields, full);
    const out = decodeLayout(layout, Uint8Array.from([0xee, 0xee, ...bytes]), 2);
    expect(out.ok && out.value.s).toBe('héllo');
  });
});
