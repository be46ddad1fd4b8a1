const encoder = new TextEncoder();

/** One SSE event as bytes: `id:` (when given), `event:` and one `data:` line of JSON text. */
export function sseText(event: string, data: string, id?: number): Uint8Array {
  return encoder.encode(`${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${data}\n\n`);
}

/** An SSE comment line (a heartbeat): clients ignore it, proxies see traffic. */
export function sseComment(text: string): Uint8Array {
  return encoder.encode(`: ${text}\n\n`);
}

const ENCODED = new WeakMap<object, Uint8Array>();

/** `sseText` of a shared event object, encoded once however many connections send it. */
export function sseTextOnce(key: object, event: string, data: string, id: number): Uint8Array {
  let bytes = ENCODED.get(key);
  if (bytes === undefined) {
    bytes = sseText(event, data, id);
    ENCODED.set(key, bytes);
  }
  return bytes;
}
