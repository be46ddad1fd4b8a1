import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppDeps } from '../app/app-deps.js';
import type { AppEnv } from '../app/app-env.js';
import { freeMeta } from '../envelope/free-meta.js';
import { ServerError } from '../errors/server-error.js';
import type { KeyRecord, MintedKey } from '../ledger/ledger.js';
import { COMMON_ERRORS, errorResponses, jsonResponse, withMeta } from './openapi-parts.js';

export const EmptyRequest = z.object({}).strict().openapi('EmptyRequest');

export const KeyInfo = z
  .object({
    key_id: z.string().openapi({ description: 'Public id of the key (safe to log and share with support)' }),
    credits: z.int(),
    plan: z.string().nullable(),
    owner: z.string().nullable(),
    created_at: z.string(),
    rotated_at: z.string().nullable(),
  })
  .openapi('KeyInfo');

export const MintedKeyBody = withMeta(
  z.object({
    api_key: z.string().openapi({ description: 'The secret, shown this once; send it as X-API-Key' }),
    key: KeyInfo,
    says: z.string(),
  }),
).openapi('MintedKey');

export const BalanceBody = withMeta(
  z.object({
    key: KeyInfo,
    balance_credits: z.int().openapi({
      description: 'Posted balance: deposits + grants + bonuses − posted charges',
    }),
    held_credits: z.int().openapi({
      description: 'Reserved by calls in flight: posted when their answer is delivered, else released',
    }),
    available_credits: z
      .int()
      .openapi({ description: 'What new calls can spend: balance_credits − held_credits' }),
    says: z.string(),
  }),
).openapi('Balance');

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The public view of a key record. */
export function keyInfo(r: KeyRecord): z.infer<typeof KeyInfo> {
  return {
    key_id: r.id,
    credits: r.credits,
    plan: r.plan,
    owner: r.owner,
    created_at: iso(r.created_at)!,
    rotated_at: iso(r.rotated_at),
  };
}

const body = { required: true, content: { 'application/json': { schema: EmptyRequest } } };

const createKey = createRoute({
  method: 'post',
  path: '/v1/keys',
  tags: ['keys'],
  summary: 'Mint an API key',
  description:
    'Free. Send `{}` with `Content-Type: application/json`. The secret is returned once and cannot be recovered; the key starts with no credits.',
  request: { body },
  responses: {
    201: jsonResponse(MintedKeyBody, 'A new key'),
    ...errorResponses(400, 413, 415, ...COMMON_ERRORS),
  },
});

const rotateKey = createRoute({
  method: 'post',
  path: '/v1/keys/rotate',
  tags: ['keys'],
  summary: 'Replace the secret of a key',
  description:
    'Free. Present the key in X-API-Key and send `{}`. Balance, plan and owner move to the new secret; the old one is refused from the moment this call returns.',
  security: [{ ApiKey: [] }],
  request: { body },
  responses: {
    200: jsonResponse(MintedKeyBody, 'The new secret'),
    ...errorResponses(400, 413, 415, ...COMMON_ERRORS),
  },
});

const balance = createRoute({
  method: 'get',
  path: '/v1/credits/balance',
  tags: ['keys'],
  summary: 'Credit balance of the presented key',
  security: [{ ApiKey: [] }],
  responses: { 200: jsonResponse(BalanceBody, 'The balance'), ...errorResponses(...COMMON_ERRORS) },
});

function minted(m: MintedKey, says: string) {
  return { api_key: m.secret, key: keyInfo(m.record), says };
}

/** `POST /v1/keys`, `POST /v1/keys/rotate`, `GET /v1/credits/balance`. */
export function registerKeysRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  app.openapi(createKey, async (c) => {
    const m = await deps.ledger.createKey({ at: deps.now() });
    const says = 'Key minted with an empty balance: save the secret now, it is not shown again.';
    return c.json({ ...minted(m, says), _meta: freeMeta(c, deps) }, 201);
  });

  app.openapi(rotateKey, async (c) => {
    const secret = c.req.header('x-api-key');
    if (secret === undefined)
      throw new ServerError('api_key_required', 'send the key to rotate in X-API-Key');
    const m = await deps.ledger.rotateKey(secret.trim(), deps.now());
    if (m === null) throw new ServerError('invalid_api_key', 'the X-API-Key header is not a live API key');
    const says = `Key ${m.record.id} has a new secret; the old one no longer works. Balance: ${m.record.credits} credits.`;
    return c.json({ ...minted(m, says), _meta: freeMeta(c, deps) }, 200);
  });

  app.openapi(balance, async (c) => {
    const key = c.get('apiKey');
    if (key === null)
      throw new ServerError('api_key_required', 'send the key in X-API-Key to read its balance');
    const fresh = (await deps.ledger.findKeyById(key.id)) ?? key;
    const available = fresh.credits - fresh.held;
    const says =
      fresh.held === 0
        ? `Key ${key.id} holds ${fresh.credits} credits.`
        : `Key ${key.id} holds ${fresh.credits} credits, ${fresh.held} of them reserved by calls in flight (${available} available).`;
    return c.json(
      {
        key: keyInfo(fresh),
        balance_credits: fresh.credits,
        held_credits: fresh.held,
        available_credits: available,
        says,
        _meta: freeMeta(c, deps),
      },
      200,
    );
  });
}
