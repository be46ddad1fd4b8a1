const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Decodes standard base64, or null when the text is not valid base64. */
export function decodeBase64(text: string): Uint8Array | null {
  if (text.length % 4 !== 0 || !BASE64.test(text)) return null;
  return Buffer.from(text, 'base64');
}
