import fc from 'fast-check';
import type { TestWorld } from '../support/test-world.js';

/** One fuzzed HTTP request, generated from the OpenAPI document. */
export interface FuzzRequest {
  readonly method: string;
  /** Path with query string. */
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
  /** The operation it was drawn from (`GET /v1/screen/{mint}`). */
  readonly operation: string;
}

// biome-ignore lint/suspicious/noExplicitAny: an OpenAPI document is walked as plain JSON
type Json = any;

export interface FuzzSeeds {
  /** Values that reach real records: held mints, wallets, KOL addresses. */
  readonly addresses: readonly string[];
  /** A live funded key, and the header to present it under. */
  readonly apiKey: string;
}

/** The seeds of a test world: held mints (one skipped), an unknown one, wallets, a KOL; and a funded key. */
export function worldSeeds(world: TestWorld, apiKey: string): FuzzSeeds {
  return {
    addresses: [
      world.mint,
      world.skippedMint,
      world.unknownMint,
      world.firstMint,
      world.kolWallet,
      world.wallet,
      ...world.mints.slice(0, 3),
    ],
    apiKey,
  };
}

/** Strings a careless parser trips on. */
const HOSTILE_STRINGS = [
  '',
  ' ',
  '-1',
  '0',
  '1.5',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '0x10',
  ' 7 ',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '%',
  '%00',
  '\u0000',
  'é',
  '🙂',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>',
  '__proto__',
  'constructor',
  'a'.repeat(300),
];

/** JSON media types with parameters (all JSON), and some that are not JSON. */
export const CONTENT_TYPES = [
  'application/json',
  'application/json;',
  'application/json ;',
  'application/json;;',
  'application/json; charset=utf-8',
  'application/json;charset=UTF-8;foo=bar',
  'APPLICATION/JSON; Charset="utf-8"',
  'application/vnd.api+json',
  'application/json; charset',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  '',
] as const;

const EXTRA_METHODS = ['HEAD', 'OPTIONS', 'PUT', 'DELETE', 'PATCH', 'GET', 'POST', 'BREW'] as const;

const hostile = fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), fc.string({ maxLength: 40 }));

function resolve(doc: Json, schema: Json): Json {
  let s = schema;
  while (s && typeof s.$ref === 'string') {
    s = s.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((node: Json, part: string) => node?.[part], doc);
  }
  return s ?? {};
}

const typesOf = (s: Json): string[] => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

/** Valid, boundary and hostile values for one JSON schema. */
export function valuesOf(doc: Json, raw: Json, seeds: FuzzSeeds, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(doc, raw);
  if (Array.isArray(s.enum)) return fc.oneof(fc.constantFrom(...s.enum), hostile);
  const alternatives = s.anyOf ?? s.oneOf;
  if (Array.isArray(alternatives) && alternatives.length > 0)
    return fc.oneof(...alternatives.map((a: Json) => valuesOf(doc, a, seeds, depth + 1)));
  const types = typesOf(s);
  if (types.includes('integer') || types.includes('number')) {
    const min = s.minimum ?? s.exclusiveMinimum ?? -1_000_000;
    const max = s.maximum ?? s.exclusiveMaximum ?? 1_000_000;
    const integer = types.includes('integer');
    return fc.oneof(
      { weight: 4, arbitrary: integer ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true }) },
      { weight: 2, arbitrary: fc.constantFrom(min, max, min - 1, max + 1, 0, -0.5, 2 ** 53) },
      { weight: 1, arbitrary: fc.oneof(fc.double(), hostile, fc.constant(null)) },
    );
  }
  if (types.includes('string')) {
    return fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...seeds.addresses) },
      { weight: 1, arbitrary: fc.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{30,46}$/) },
      {
        weight: 1,
        arbitrary: fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 64, 64) }),
      },
      { weight: 2, arbitrary: hostile },
    );
  }
  if (types.includes('boolean')) return fc.oneof(fc.boolean(), hostile);
  if (types.includes('array') || s.items) {
    if (depth > 3) return fc.constant([]);
    const minItems = s.minItems ?? 0;
    const maxItems = s.maxItems ?? 5;
    return fc.array(valuesOf(doc, s.items ?? {}, seeds, depth + 1), {
      minLength: Math.max(0, minItems - 1),
      maxLength: maxItems + 1,
    });
  }
  if (types.includes('object') || s.properties || s.additionalProperties) {
    if (depth > 3) return fc.constant({});
    const props = Object.entries(s.properties ?? {}) as [string, Json][];
    const known = fc.record(
      Object.fromEntries(props.map(([name, p]) => [name, valuesOf(doc, p, seeds, depth + 1)])),
      { requiredKeys: [] },
    );
    const extra =
      s.additionalProperties && typeof s.additionalProperties === 'object'
        ? fc.dictionary(
            fc.oneof(
              fc.constantFrom('top10_pct', 'holders', 'insiders_pct', 'mcap_at_analysis_usd'),
              fc.string({ maxLength: 12 }),
            ),
            valuesOf(doc, s.additionalProperties, seeds, depth + 1),
            { maxKeys: 7 },
          )
        : fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 });
    return fc.oneof(
      { weight: 4, arbitrary: known },
      { weight: 1, arbitrary: fc.tuple(known, extra).map(([a, b]) => ({ ...b, ...a })) },
      { weight: 1, arbitrary: extra },
    );
  }
  return fc.oneof(fc.jsonValue({ maxDepth: 2 }), hostile);
}

const OVERSIZED = `{"mints":[${'"1111111111111111111111111111111111111111",'.repeat(500)}"x"]}`;

/** A request body: JSON from the schema, or broken, empty or oversized (over 16 KiB) text. */
function bodyOf(doc: Json, schema: Json, seeds: FuzzSeeds): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { weight: 6, arbitrary: valuesOf(doc, schema, seeds).map((v) => JSON.stringify(v) ?? 'null') },
    {
      weight: 1,
      arbitrary: fc.constantFrom('', '{', 'not json', '[]', 'null', '{"a":', '\u0000', OVERSIZED),
    },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

const queryValue = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

/**
 * Requests over every operation of the document: the operation's own method (or HEAD, OPTIONS,
 * another or an unknown method), each path and query parameter valid, at a bound, past it or
 * hostile, a JSON body drawn from the request schema (or broken, empty, oversized) under a JSON
 * media type with parameters (or a non-JSON one), with the funded key, no key or a dead key.
 */
export function requestArbitrary(doc: Json, seeds: FuzzSeeds): fc.Arbitrary<FuzzRequest> {
  const operations: fc.Arbitrary<FuzzRequest>[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
    for (const [method, op] of Object.entries(item as Record<string, Json>)) {
      const params = (op.parameters ?? []) as Json[];
      const pathParams = params.filter((p) => p.in === 'path');
      const queryParams = params.filter((p) => p.in === 'query');
      const bodySchema = op.requestBody?.content?.['application/json']?.schema;
      const operation = `${method.toUpperCase()} ${path}`;
      operations.push(
        fc
          .record({
            method: fc.oneof(
              { weight: 8, arbitrary: fc.constant(method.toUpperCase()) },
              { weight: 2, arbitrary: fc.constantFrom(...EXTRA_METHODS) },
            ),
            segments: fc.tuple(
              ...pathParams.map((p) =>
                fc.oneof(
                  { weight: 5, arbitrary: valuesOf(doc, p.schema, seeds) },
                  { weight: 1, arbitrary: hostile },
                ),
              ),
            ),
            query: fc.tuple(
              ...queryParams.map((p) =>
                fc.option(valuesOf(doc, p.schema, seeds), { nil: undefined, freq: 2 }),
              ),
            ),
            junkQuery: fc.option(fc.tuple(fc.string({ maxLength: 6 }), hostile), { nil: undefined, freq: 4 }),
            body: bodySchema ? bodyOf(doc, bodySchema, seeds) : fc.constant(undefined),
            contentType: fc.constantFrom(...CONTENT_TYPES),
            key: fc.constantFrom('funded', 'funded', 'funded', 'none', 'dead'),
            paymentSignature: fc.option(fc.constantFrom('e30=', 'not base64!', ''), {
              nil: undefined,
              freq: 10,
            }),
          })
          .map((r): FuzzRequest => {
            let i = 0;
            const filled = path.replace(/\{[^}]+\}/g, () => encodeURIComponent(queryValue(r.segments[i++])));
            const qs = new URLSearchParams();
            queryParams.forEach((p, j) => {
              if (r.query[j] !== undefined) qs.append(p.name, queryValue(r.query[j]));
            });
            if (r.junkQuery) qs.append(r.junkQuery[0], r.junkQuery[1]);
            const query = qs.toString();
            const headers: Record<string, string> = {};
            // Rotating the funded key would retire it for the rest of the run.
            if (r.key === 'funded' && path !== '/v1/keys/rotate') headers['x-api-key'] = seeds.apiKey;
            if (r.key === 'dead') headers['x-api-key'] = 'll_live_0000000000000000000000000000dead';
            if (r.paymentSignature !== undefined) headers['payment-signature'] = r.paymentSignature;
            const hasBody = r.method !== 'GET' && r.method !== 'HEAD' && r.body !== undefined;
            if (hasBody && r.contentType !== '') headers['content-type'] = r.contentType;
            return {
              method: r.method,
              url: `${filled}${query ? `?${query}` : ''}`,
              headers,
              body: hasBody ? r.body : undefined,
              operation,
            };
          }),
      );
    }
  }
  return fc.oneof(...operations);
}

/** `n` requests of `requestArbitrary`, reproducibly (for black-box runs outside vitest). */
export function sampleRequests(doc: Json, seeds: FuzzSeeds, n: number, seed: number): FuzzRequest[] {
  return fc.sample(requestArbitrary(doc, seeds), { numRuns: n, seed });
}
