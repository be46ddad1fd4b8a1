import bs58 from 'bs58';
import type { Fields, FieldType } from '../decode/layout/decode-layout.js';

/** Test-only borsh writer for the layout tables, used to assemble synthetic program data. */
export function encodeLayout(fields: Fields, value: Readonly<Record<string, unknown>>): Uint8Array {
  const out: number[] = [];
  const u = (v: bigint, bytes: number) => {
    for (let i = 0; i < bytes; i++) out.push(Number((BigInt.asUintN(bytes * 8, v) >> BigInt(8 * i)) & 0xffn));
  };
  const write = (type: FieldType, v: unknown): void => {
    if (typeof type === 'string') {
      switch (type) {
        case 'u8':
        case 'bool':
          u(BigInt(v === true ? 1 : v === false ? 0 : (v as number)), 1);
          return;
        case 'u16':
          u(BigInt(v as number), 2);
          return;
        case 'u32':
          u(BigInt(v as number), 4);
          return;
        case 'u64':
        case 'i64':
          u(v as bigint, 8);
          return;
        case 'u128':
        case 'i128':
          u(v as bigint, 16);
          return;
        case 'pubkey':
          out.push(...bs58.decode(v as string));
          return;
        case 'string': {
          const bytes = Buffer.from(v as string, 'utf8');
          u(BigInt(bytes.length), 4);
          out.push(...bytes);
          return;
        }
      }
    }
    if ('vec' in type) {
      const items = v as unknown[];
      u(BigInt(items.length), 4);
      for (const item of items) write(type.vec, item);
    } else if ('array' in type) for (const item of v as unknown[]) write(type.array[0], item);
    else if ('option' in type) {
      if (v === null) out.push(0);
      else {
        out.push(1);
        write(type.option, v);
      }
    } else if ('struct' in type) writeFields(type.struct, v as Record<string, unknown>);
    else {
      const variant = (v as { variant: string }).variant;
      const index = type.enum.findIndex(([name]) => name === variant);
      out.push(index);
      writeFields(type.enum[index]![1], v as Record<string, unknown>);
    }
  };
  const writeFields = (fs: Fields, v: Readonly<Record<string, unknown>>) => {
    for (const [name, type] of fs) if (name in v) write(type, v[name]);
  };
  writeFields(fields, value);
  return Uint8Array.from(out);
}
