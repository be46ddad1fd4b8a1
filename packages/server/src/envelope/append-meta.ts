import type { Meta } from './meta.js';

// Bodies are cut from shared slabs, as Node's own pool does for buffers under 4 KiB: a 5 KB
// `Buffer.allocUnsafe` is an ArrayBuffer of its own, ≈ 1 µs of a paid screen call (profiled). A slab
// is freed once every body cut from it is gone; bodies live until their response is written.
const SLAB_BYTES = 256 * 1024;
let slab = Buffer.allocUnsafeSlow(0).buffer;
let used = 0;

function uninitializedBody(bytes: number): Buffer<ArrayBuffer> {
  if (bytes > SLAB_BYTES >> 3) return Buffer.allocUnsafe(bytes);
  if (used + bytes > slab.byteLength) {
    slab = Buffer.allocUnsafeSlow(SLAB_BYTES).buffer;
    used = 0;
  }
  const out = Buffer.from(slab, used, bytes);
  used += (bytes + 7) & ~7;
  return out;
}

/**
 * The UTF-8 of a JSON object with `_meta` added as its last member, from the object's UTF-8
 * (kept encoded by the caller), so a kept answer is neither serialized nor encoded again per call.
 */
export function appendMeta(objectUtf8: Uint8Array, meta: Meta): Buffer<ArrayBuffer> {
  const tail = `${objectUtf8.length > 2 ? ',' : ''}"_meta":${JSON.stringify(meta)}}`;
  const head = objectUtf8.length - 1;
  const out = uninitializedBody(head + Buffer.byteLength(tail));
  out.set(objectUtf8.subarray(0, head), 0);
  out.write(tail, head);
  return out;
}
