import type { Covered } from '@launchlens/engine';
import type { Context } from 'hono';
import type { AppDeps } from '../app/app-deps.js';
import type { AppEnv } from '../app/app-env.js';
import type { Meta } from '../envelope/meta.js';
import type { CallPrice } from '../pricing/price-of.js';
import { servePaid } from './serve-paid.js';

export interface ServeCoveredOptions<T> {
  /** Capture time of the record (epoch ms); the dataset's `current_through` when absent. */
  readonly asOfOf?: (record: T) => number | null;
  /** A found record that is still an empty result (never charged). */
  readonly isEmpty?: (record: T) => boolean;
}

type NoRecordBody = Extract<Covered<never>, { kind: 'none' }>;

/**
 * Serves a paid call answered by an engine record function: no record is coverage `none` and
 * free; an empty record is free; anything else is charged the price.
 */
export function serveCovered<T extends object>(
  c: Context<AppEnv>,
  deps: AppDeps,
  price: CallPrice,
  run: () => Promise<Covered<T>>,
  options: ServeCoveredOptions<T> = {},
): Promise<(T | NoRecordBody) & { _meta: Meta }> {
  return servePaid<T | NoRecordBody>(c, deps, price, async () => {
    const answer = await run();
    if (answer.kind === 'none') return { body: answer, coverage: 'none', asOf: null, billable: false };
    const empty = options.isEmpty?.(answer.record) ?? false;
    const asOf = options.asOfOf ? options.asOfOf(answer.record) : Date.parse(deps.manifest.current_through);
    return { body: answer.record, coverage: empty ? 'none' : answer.coverage, asOf, billable: !empty };
  });
}
