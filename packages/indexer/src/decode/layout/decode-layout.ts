import { encodeBase58 } from '../encoding/encode-base58.js';

/** Borsh field types used by the Anchor IDLs this package reads. */
export type FieldType =
  | 'u8'
  | 'u16'
  | 'u32'
  | 'u64'
  | 'i64'
  | 'u128'
  | 'i128'
  | 'bool'
  | 'pubkey'
  | 'string'
  | { readonly vec: FieldType }
  | { readonly array: readonly [FieldType, number] }
  | { readonly option: FieldType }
  | { readonly struct: Fields }
  | { readonly enum: readonly (readonly [string, Fields])[] };

export type Fields = readonly (readonly [string, FieldType])[];

/**
 * `fields` are present in every version of the record; `tail` fields were appended by later program
 * versions and are decoded only as far as the data reaches.
 */
export interface Layout {
  readonly fields: Fields;
  readonly tail: Fields;
}

type ValueOf<T> = T extends 'u8' | 'u16' | 'u32'
  ? number
  : T extends 'u64' | 'i64' | 'u128' | 'i128'
    ? bigint
    : T extends 'bool'
      ? boolean
      : T extends 'pubkey' | 'string'
        ? string
        : T extends { readonly vec: infer E }
          ? readonly ValueOf<E>[]
          : T extends { readonly array: readonly [infer E, number] }
            ? readonly ValueOf<E>[]
            : T extends { readonly option: infer E }
              ? ValueOf<E> | null
              : T extends { readonly struct: infer F extends Fields }
                ? RecordOf<F>
                : T extends { readonly enum: infer V }
                  ? EnumOf<V>
                  : never;

export type RecordOf<F extends Fields> = { readonly [E in F[number] as E[0]]: ValueOf<E[1]> };

type EnumOf<V> = V extends readonly (infer X)[]
  ? X extends readonly [infer N extends string, infer F extends Fields]
    ? { readonly variant: N } & RecordOf<F>
    : never
  : never;

/** The decoded value of a layout: required fields always, tail fields when the data carried them. */
export type Decoded<L extends Layout> = RecordOf<L['fields']> & Partial<RecordOf<L['tail']>>;

/** Outcome of decoding: the value and how many bytes past the known layout were left over. */
export type LayoutResult =
  | { readonly ok: true; readonly value: Readonly<Record<string, unknown>>; readonly trailing_bytes: number }
  | { readonly ok: false; readonly at: number; readonly field: string; readonly reason: 'end' | 'invalid' };

const OUT_OF_RANGE = Symbol('out of range');
const INVALID = Symbol('invalid value');
const utf8 = new TextDecoder('utf-8');
const SCRATCH = new Uint8Array(16);
const VIEW = new DataView(SCRATCH.buffer);

class Cursor {
  pos: number;
  constructor(
    readonly bytes: Uint8Array,
    start: number,
  ) {
    this.pos = start;
  }

  need(n: number): number {
    const at = this.pos;
    if (at + n > this.bytes.length) throw OUT_OF_RANGE;
    this.pos = at + n;
    return at;
  }

  /** Copies `n` bytes into the scratch view, so no DataView is built per decoded buffer. */
  scratch(n: number): DataView {
    const at = this.need(n);
    const bytes = this.bytes;
    for (let k = 0; k < n; k++) SCRATCH[k] = bytes[at + k]!;
    return VIEW;
  }

  u32(): number {
    const at = this.need(4);
    const b = this.bytes;
    return (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;
  }
}

type Reader = (c: Cursor) => unknown;

const PRIMITIVES: Readonly<Record<Extract<FieldType, string>, Reader>> = {
  u8: (c) => c.bytes[c.need(1)],
  bool: (c) => c.bytes[c.need(1)] !== 0,
  u16: (c) => {
    const at = c.need(2);
    return c.bytes[at]! | (c.bytes[at + 1]! << 8);
  },
  u32: (c) => c.u32(),
  u64: (c) => c.scratch(8).getBigUint64(0, true),
  i64: (c) => c.scratch(8).getBigInt64(0, true),
  u128: (c) => {
    const view = c.scratch(16);
    return view.getBigUint64(0, true) | (view.getBigUint64(8, true) << 64n);
  },
  i128: (c) => {
    const view = c.scratch(16);
    return view.getBigUint64(0, true) | (view.getBigInt64(8, true) << 64n);
  },
  pubkey: (c) => {
    const at = c.need(32);
    return encodeBase58(c.bytes, at, at + 32);
  },
  string: (c) => {
    const len = c.u32();
    const at = c.need(len);
    return utf8.decode(c.bytes.subarray(at, at + len));
  },
};

interface CompiledFields {
  readonly names: readonly string[];
  readonly readers: readonly Reader[];
}

function compileFields(fields: Fields): CompiledFields {
  return { names: fields.map(([name]) => name), readers: fields.map(([, type]) => compile(type)) };
}

function readFields({ names, readers }: CompiledFields, c: Cursor, into: Record<string, unknown>) {
  for (let i = 0; i < names.length; i++) into[names[i]!] = readers[i]!(c);
  return into;
}

function readMany(item: Reader, c: Cursor, n: number): unknown[] {
  const out: unknown[] = [];
  for (let i = 0; i < n; i++) out.push(item(c));
  return out;
}

/** Turns a field type into a reader once, so decoding does not re-interpret the layout per record. */
function compile(type: FieldType): Reader {
  if (typeof type === 'string') return PRIMITIVES[type];
  if ('vec' in type) {
    const item = compile(type.vec);
    return (c) => {
      const len = c.u32();
      if (len > c.bytes.length - c.pos) throw OUT_OF_RANGE;
      return readMany(item, c, len);
    };
  }
  if ('array' in type) {
    const item = compile(type.array[0]);
    const len = type.array[1];
    return (c) => readMany(item, c, len);
  }
  if ('option' in type) {
    const item = compile(type.option);
    return (c) => (c.bytes[c.need(1)] === 0 ? null : item(c));
  }
  if ('struct' in type) {
    const fields = compileFields(type.struct);
    return (c) => readFields(fields, c, {});
  }
  const variants = type.enum.map(([name, fields]) => ({ name, fields: compileFields(fields) }));
  return (c) => {
    const variant = variants[c.bytes[c.need(1)]!];
    if (variant === undefined) throw INVALID;
    return readFields(variant.fields, c, { variant: variant.name });
  };
}

interface CompiledLayout {
  readonly fields: CompiledFields;
  readonly tail: CompiledFields;
}

const COMPILED = new WeakMap<Layout, CompiledLayout>();

function compiled(layout: Layout): CompiledLayout {
  let out = COMPILED.get(layout);
  if (out === undefined) {
    out = { fields: compileFields(layout.fields), tail: compileFields(layout.tail) };
    COMPILED.set(layout, out);
  }
  return out;
}

/** Decodes a borsh record at `start` of `bytes` with the given layout; tail fields stop where the data stops. */
export function decodeLayout(layout: Layout, bytes: Uint8Array, start = 0): LayoutResult {
  const { fields, tail } = compiled(layout);
  const cursor = new Cursor(bytes, start);
  const value: Record<string, unknown> = {};
  let i = 0;
  try {
    for (; i < fields.names.length; i++) value[fields.names[i]!] = fields.readers[i]!(cursor);
  } catch (error) {
    if (error !== OUT_OF_RANGE && error !== INVALID) throw error;
    return {
      ok: false,
      at: cursor.pos,
      field: fields.names[i]!,
      reason: error === INVALID ? 'invalid' : 'end',
    };
  }
  for (let t = 0; t < tail.names.length && cursor.pos < bytes.length; t++) {
    const before = cursor.pos;
    try {
      value[tail.names[t]!] = tail.readers[t]!(cursor);
    } catch (error) {
      if (error !== OUT_OF_RANGE && error !== INVALID) throw error;
      cursor.pos = before;
      break;
    }
  }
  return { ok: true, value, trailing_bytes: bytes.length - cursor.pos };
}
