import { describe, expect, it } from 'vitest';
import { decodeBase58 } from './decode-base58.js';
import { decodeBase64 } from './decode-base64.js';

describe('text decoders', () => {
  it('base64 decodes valid text and rejects what Buffer would silently skip', () => {
    expect([...decodeBase64('AQID')!]).toEqual([1, 2, 3]);
    expect(decodeBase64('AQ-D')).toBeNull();
    expect(decodeBase64('AQI')).toBeNull();
    expect(decodeBase64('A=QI')).toBeNull();
  });

  it('base58 decodes valid text and rejects characters outside the alphabet', () => {
    expect([...decodeBase58('Ldp')!]).toEqual([1, 2, 3]);
    expect(decodeBase58('0OIl')).toBeNull();
  });
});
