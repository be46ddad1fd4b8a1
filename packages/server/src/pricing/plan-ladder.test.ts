import { expect, test } from 'vitest';
import { buildPlanLadder } from './plan-ladder.js';

test('plans are priced at the deposit package rates and count calls from the price table', () => {
  const plans = buildPlanLadder();
  expect(plans.map((p) => [p.name, p.usd_per_month, p.credits_per_month])).toEqual([
    ['starter', 25, 50_000],
    ['builder', 100, 260_000],
    ['scale', 500, 1_600_000],
    ['pro', 2000, 8_000_000],
  ]);
  expect(plans[0].calls_per_month['GET /v1/screen/{mint}']).toBe(25_000);
  expect(plans[0].calls_per_month['GET /v1/identity/{mint}']).toBe(833);
  expect(plans[3].calls_per_month['POST /v1/analyze/{mint}']).toBe(800);
});
