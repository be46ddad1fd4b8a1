import { PLAN_TIERS } from '../pricing/plan-ladder.js';
import { CREDITS_PER_USD, MICROS_PER_USD } from '../pricing/price-table.js';

/** Credits per USD for a deposit of this size: the largest package it reaches, else the base rate (DESIGN §5). */
export function creditsPerUsdFor(amountMicros: number): number {
  let rate: number = CREDITS_PER_USD;
  for (const t of PLAN_TIERS) if (amountMicros >= t.usd_per_month * MICROS_PER_USD) rate = t.credits_per_usd;
  return rate;
}

/** Whole credits a deposit buys at its package rate (rounded down). */
export function creditsForDeposit(amountMicros: number): number {
  return Math.floor((amountMicros * creditsPerUsdFor(amountMicros)) / MICROS_PER_USD);
}
