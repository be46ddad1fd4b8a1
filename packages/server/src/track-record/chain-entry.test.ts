import { describe, expect, test } from 'vitest';
import { canonicalEntryText } from './canonical-entry-text.js';
import { chainEntry } from './chain-entry.js';
import { hashEntry } from './hash-entry.js';
import { GENESIS_PREV_HASH, type PublishedVerdict } from './prediction-entry.js';

const verdict = (mint: string, pct: number | null = 72.25): PublishedVerdict => ({
  mint,
  published_at: '2026-11-25T10:00:00.000Z',
  analyzed_at: '2026-11-25T09:59:00.000Z',
  model_version: 'm1',
  published_by: 'screen',
  score: pct === null ? null : 81,
  verdict: pct === null ? 'unknown' : 'critical',
  rug_probability_pct: pct,
  interval_95: pct === null ? null : { lo_pct: 70.5, hi_pct: 74 },
});

describe('chainEntry', () => {
  test('the first entry links to 64 zeros and later ones to the hash before', () => {
    const a = chainEntry(null, verdict('A'));
    const b = chainEntry(a, verdict('B'));
    expect(a.seq).toBe(1);
    expect(a.prev_hash).toBe(GENESIS_PREV_HASH);
    expect(b.seq).toBe(2);
    expect(b.prev_hash).toBe(a.hash);
    expect(b.hash).not.toBe(a.hash);
  });

  test('the canonical text is the documented JSON array, and its hash is pinned', () => {
    const a = chainEntry(null, verdict('A'));
    expect(canonicalEntryText(a)).toBe(
      `["launchlens-track-record/1",1,"A","2026-11-25T10:00:00.000Z","2026-11-25T09:59:00.000Z","m1","screen",81,"critical",72.25,70.5,74,"${GENESIS_PREV_HASH}"]`,
    );
    // sha256sum of the text above; it changes only with a new encoding tag.
    expect(a.hash).toBe('9896cdd0466ee09305ed0fbe53affbcc87a6d6df95a07ac03eab2a3cacba9660');
  });

  test('every hashed field changes the hash, an unknown verdict encodes nulls', () => {
    const a = chainEntry(null, verdict('A'));
    const base = hashEntry(a);
    expect(hashEntry({ ...a, rug_probability_pct: 72.26 })).not.toBe(base);
    expect(hashEntry({ ...a, published_at: '2026-11-25T10:00:00.001Z' })).not.toBe(base);
    expect(hashEntry({ ...a, prev_hash: 'f'.repeat(64) })).not.toBe(base);
    expect(hashEntry({ ...a, seq: 2 })).not.toBe(base);
    const u = chainEntry(null, verdict('U', null));
    expect(canonicalEntryText(u)).toContain('null,"unknown",null,null,null');
  });
});
