const EQUALS = 61;

/**
 * Decodes standard base64, or null when the text is not valid base64 (`^[A-Za-z0-9+/]*={0,2}$`, length a
 * multiple of 4). Buffer skips characters outside the alphabet and stops at misplaced padding, so a
 * shorter result than the text's length implies means invalid text; it also reads the URL-safe `-` and
 * `_`, which are refused here. A regex test per payload cost 3× the decoding itself.
 */
export function decodeBase64(text: string): Uint8Array | null {
  const len = text.length;
  if ((len & 3) !== 0) return null;
  let pad = 0;
  if (len > 0 && text.charCodeAt(len - 1) === EQUALS) pad = text.charCodeAt(len - 2) === EQUALS ? 2 : 1;
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length !== (len >> 2) * 3 - pad) return null;
  if (text.indexOf('-') >= 0 || text.indexOf('_') >= 0) return null;
  return bytes;
}
