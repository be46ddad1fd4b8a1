import { describe, expect, it } from 'vitest';
import { decodeBase58 } from './decode-base58.js';
import { decodeBase64 } from './decode-base64.js';

describe('text decoders', () => {
  it('base64 decodes valid text and rejects what Buffer would silently skip', () => {
    expect([...decodeBase64('AQID')!]).toEqual([1, 2, 3]);
    expect(decodeBase64('AQ-D')).toBeNull();
    expect(decodeBase64('AQI')).toBeNull();
    expect(decodeBase64('A=QI')).toBeNull();
    expect(decodeBase64('AQ_D')).toBeNull();
    expect(decodeBase64('AQ D')).toBeNull();
    expect(decodeBase64('A===')).toBeNull();
    expect(decodeBase64('AQé=')).toBeNull();
    expect([...decodeBase64('AQI=')!]).toEqual([1, 2]);
    expect([...decodeBase64('AQ==')!]).toEqual([1]);
    expect([...decodeBase64('')!]).toEqual([]);
  });

  it('base64 accepts exactly what the strict pattern accepts, with the bytes Buffer decodes', () => {
    const strict = /^[A-Za-z0-9+/]*={0,2}$/;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    const odd = '=-_ \n.é\0';
    let seed = 3;
    const next = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed >>> 8;
    };
    for (let t = 0; t < 50_000; t++) {
      let text = '';
      const len = next() % 14;
      for (let i = 0; i < len; i++)
        text += next() % 6 === 0 ? odd[next() % odd.length] : alphabet[next() % 64];
      if (next() % 3 === 0) text += '='.repeat(next() % 4);
      const valid = text.length % 4 === 0 && strict.test(text);
      const out = decodeBase64(text);
      expect(out === null ? null : [...out], text).toEqual(valid ? [...Buffer.from(text, 'base64')] : null);
    }
  });

  it('base58 decodes valid text and rejects characters outside the alphabet', () => {
    expect([...decodeBase58('Ldp')!]).toEqual([1, 2, 3]);
    expect(decodeBase58('0OIl')).toBeNull();
  });
});
