import { EventBatch } from '../../dataset/event-batch.js';

/** The kinds of event a `LaunchTape` records as columns; `OTHER` keeps the event object itself. */
export const TRANSFER = 0;
export const CURVE_BUY = 1;
export const CURVE_SELL = 2;
export const POOL_BUY = 3;
export const POOL_SELL = 4;
export const OTHER = 5;

/** The event batch code of each kind but `OTHER`. */
export const BATCH_CODES = [
  EventBatch.code.solTransfer,
  EventBatch.code.curveBuy,
  EventBatch.code.curveSell,
  EventBatch.code.poolBuy,
  EventBatch.code.poolSell,
] as const;
