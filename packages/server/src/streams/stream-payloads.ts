import { z } from '@hono/zod-openapi';
import { DiscoverResult } from '@launchlens/engine/internal';

/** `event: migration`: one token as it finishes analysis, the same row as `GET /v1/discover` gives. */
// Rebuilt with the `z` of @hono/zod-openapi: an engine schema made before that module loaded has no `.openapi`.
export const MigrationEventData = z
  .object(DiscoverResult.shape.tokens.element.shape)
  .openapi('MigrationEvent');
export type MigrationEventData = z.infer<typeof MigrationEventData>;

/** `event: kol_trade`: one trade of a tracked KOL (API-SPEC §6); `id` is the trade id. */
export const KolTradeEventData = z
  .object({
    id: z.string(),
    kol: z.object({ wallet: z.string(), name: z.string().nullable(), handle: z.string().nullable() }),
    mint: z.string(),
    symbol: z.string().nullable(),
    side: z.enum(['BUY', 'SELL']),
    sol: z.number(),
    realized_sol: z.number().nullable(),
    roi_pct: z.number().nullable(),
    at: z.string(),
  })
  .openapi('KolTradeEvent');
export type KolTradeEventData = z.infer<typeof KolTradeEventData>;

export const WalletRole = z.enum([
  'creator',
  'insider',
  'sniper',
  'early',
  'fresh',
  'whale',
  'kol',
  'holder',
]);
export type WalletRole = z.infer<typeof WalletRole>;

/** `event: wallet`: a wallet appeared in a new analysis; `role` is its first role in `roles` order. */
export const WalletEventData = z
  .object({
    wallet: z.string(),
    mint: z.string(),
    symbol: z.string().nullable(),
    platform: z.enum(['pumpfun', 'letsbonk']),
    role: WalletRole,
    roles: z.array(WalletRole),
    rank: z.int().nullable(),
    supply_pct: z.number(),
    analyzed_at: z.string(),
  })
  .openapi('WalletEvent');
export type WalletEventData = z.infer<typeof WalletEventData>;
