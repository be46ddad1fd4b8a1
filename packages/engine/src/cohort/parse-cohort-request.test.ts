import { describe, expect, it } from 'vitest';
import { parseCohortRequest } from './parse-cohort-request.js';

const messages = (body: unknown): string[] => {
  const r = parseCohortRequest(body);
  if (r.kind === 'valid') throw new Error('expected invalid input');
  return r.issues.map((i) => `${i.path}: ${i.message}`);
};

describe('parseCohortRequest', () => {
  it('accepts known fields and defaults window_days to 30', () => {
    expect(
      parseCohortRequest({ filters: { insiders_pct: { min: 10, max: 40 }, holders: { min: 100 } } }),
    ).toEqual({
      kind: 'valid',
      request: { filters: { insiders_pct: { min: 10, max: 40 }, holders: { min: 100 } }, window_days: 30 },
    });
  });

  it('names an unknown field', () => {
    expect(messages({ filters: { rugpull_vibes: { min: 1 } } })).toEqual([
      'filters.rugpull_vibes: unknown field "rugpull_vibes"; fields are listed by GET /v1/cohort/fields',
    ]);
  });

  it('refuses a seventh filter and names the limit', () => {
    const names = [
      'holders',
      'top1_pct',
      'top10_pct',
      'snipers_n',
      'snipers_pct',
      'insiders_pct',
      'fresh_pct',
    ];
    const filters = Object.fromEntries(names.map((n) => [n, { min: 0 }]));
    expect(messages({ filters })).toEqual(['filters: at most 6 filters are allowed, got 7']);
  });

  it('refuses min above max and shows both', () => {
    expect(messages({ filters: { holders: { min: 500, max: 100 } } })).toEqual([
      'filters.holders: min (500) must be ≤ max (100)',
    ]);
  });

  it('refuses window_days outside 7–90 and names the bounds', () => {
    expect(messages({ filters: {}, window_days: 5 })).toEqual([
      'window_days: window_days must be between 7 and 90, got 5',
    ]);
    expect(messages({ filters: {}, window_days: 91 })).toEqual([
      'window_days: window_days must be between 7 and 90, got 91',
    ]);
    expect(messages({ filters: {}, window_days: 7.5 })[0]).toMatch(/whole number/);
  });

  it('refuses a filter with neither bound, a non-numeric bound and unknown keys', () => {
    expect(messages({ filters: { holders: {} } })).toEqual([
      'filters.holders: a filter needs min, max or both',
    ]);
    expect(messages({ filters: { holders: { min: 'ten' } } })).toEqual([
      'filters.holders.min: min must be a number',
    ]);
    expect(messages({ filters: {}, sort: 'asc' })[0]).toMatch(/sort/);
  });

  it('requires filters', () => {
    expect(messages({})[0]).toMatch(/^filters:/);
  });
});
