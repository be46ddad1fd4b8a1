import { expect, test } from 'vitest';
import { appendMeta } from './append-meta.js';
import { buildMeta } from './meta.js';

const meta = buildMeta({ coverage: 'full', asOf: 0, now: 5000, requestId: 'req-1' });

test('appending _meta gives the JSON of the object with _meta as its last member, non-ASCII text intact', () => {
  const body = { says: 'σ(z) − σ(b₀) · 95 % — “quoted”', n: 3, nested: { a: [1, 2] } };
  const out = appendMeta(Buffer.from(JSON.stringify(body)), meta);
  expect(out.toString('utf8')).toBe(JSON.stringify({ ...body, _meta: meta }));
});

test('appending _meta to an empty object adds no leading comma', () => {
  expect(JSON.parse(appendMeta(Buffer.from('{}'), meta).toString('utf8'))).toEqual({ _meta: meta });
});

test('bodies made one after another each keep their own bytes, small and over 64 KiB', () => {
  const bodies = [
    ...Array.from({ length: 40 }, (_, i) => ({ i, says: 'σ·'.repeat((i * 97) % 3000) })),
    { says: 'y'.repeat(70_000) },
  ];
  const kept = bodies.map((b) => appendMeta(Buffer.from(JSON.stringify(b)), meta));
  kept.forEach((out, i) => {
    expect(out.toString('utf8')).toBe(JSON.stringify({ ...bodies[i], _meta: meta }));
  });
});
