import bs58 from 'bs58';

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

class Cursor {
  readonly view: DataView;
  pos: number;
  constructor(
    readonly bytes: Uint8Array,
    start: number,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.pos = start;
  }

  need(n: number): number {
    const at = this.pos;
    if (at + n > this.bytes.length) throw OUT_OF_RANGE;
    this.pos = at + n;
    return at;
  }

  read(type: FieldType): unknown {
    switch (type) {
      case 'u8':
        return this.view.getUint8(this.need(1));
      case 'bool':
        return this.view.getUint8(this.need(1)) !== 0;
      case 'u16':
        return this.view.getUint16(this.need(2), true);
      case 'u32':
        return this.view.getUint32(this.need(4), true);
      case 'u64':
        return this.view.getBigUint64(this.need(8), true);
      case 'i64':
        return this.view.getBigInt64(this.need(8), true);
      case 'u128': {
        const at = this.need(16);
        return this.view.getBigUint64(at, true) | (this.view.getBigUint64(at + 8, true) << 64n);
      }
      case 'i128': {
        const at = this.need(16);
        return this.view.getBigUint64(at, true) | (this.view.getBigInt64(at + 8, true) << 64n);
      }
      case 'pubkey': {
        const at = this.need(32);
        return bs58.encode(this.bytes.subarray(at, at + 32));
      }
      case 'string': {
        const len = this.view.getUint32(this.need(4), true);
        const at = this.need(len);
        return utf8.decode(this.bytes.subarray(at, at + len));
      }
      default:
        return this.readComposite(type);
    }
  }

  readComposite(type: Exclude<FieldType, string>): unknown {
    if ('vec' in type) {
      const len = this.view.getUint32(this.need(4), true);
      if (len > this.bytes.length - this.pos) throw OUT_OF_RANGE;
      return this.readMany(type.vec, len);
    }
    if ('array' in type) return this.readMany(type.array[0], type.array[1]);
    if ('option' in type) return this.view.getUint8(this.need(1)) === 0 ? null : this.read(type.option);
    if ('struct' in type) return this.readFields(type.struct, {});
    const index = this.view.getUint8(this.need(1));
    const variant = type.enum[index];
    if (variant === undefined) throw INVALID;
    return this.readFields(variant[1], { variant: variant[0] });
  }

  readMany(type: FieldType, n: number): unknown[] {
    const out: unknown[] = [];
    for (let i = 0; i < n; i++) out.push(this.read(type));
    return out;
  }

  readFields(fields: Fields, into: Record<string, unknown>): Record<string, unknown> {
    for (const [name, type] of fields) into[name] = this.read(type);
    return into;
  }
}

/** Decodes a borsh record at `start` of `bytes` with the given layout; tail fields stop where the data stops. */
export function decodeLayout(layout: Layout, bytes: Uint8Array, start = 0): LayoutResult {
  const cursor = new Cursor(bytes, start);
  const value: Record<string, unknown> = {};
  let field = '';
  try {
    for (const [name, type] of layout.fields) {
      field = name;
      value[name] = cursor.read(type);
    }
  } catch (error) {
    if (error !== OUT_OF_RANGE && error !== INVALID) throw error;
    return { ok: false, at: cursor.pos, field, reason: error === INVALID ? 'invalid' : 'end' };
  }
  for (const [name, type] of layout.tail) {
    if (cursor.pos >= bytes.length) break;
    const before = cursor.pos;
    try {
      value[name] = cursor.read(type);
    } catch (error) {
      if (error !== OUT_OF_RANGE && error !== INVALID) throw error;
      cursor.pos = before;
      break;
    }
  }
  return { ok: true, value, trailing_bytes: bytes.length - cursor.pos };
}
