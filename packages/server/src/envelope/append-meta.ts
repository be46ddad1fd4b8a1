import type { Meta } from './meta.js';

/**
 * The UTF-8 of a JSON object with `_meta` added as its last member, from the object's UTF-8
 * (kept encoded by the caller), so a kept answer is neither serialized nor encoded again per call.
 */
export function appendMeta(objectUtf8: Uint8Array, meta: Meta): Buffer<ArrayBuffer> {
  const tail = `${objectUtf8.length > 2 ? ',' : ''}"_meta":${JSON.stringify(meta)}}`;
  const head = objectUtf8.length - 1;
  const out = Buffer.allocUnsafe(head + Buffer.byteLength(tail));
  out.set(objectUtf8.subarray(0, head), 0);
  out.write(tail, head);
  return out;
}
