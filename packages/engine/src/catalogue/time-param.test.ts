import { describe, expect, it } from 'vitest';
import { DATASET_TABLES } from '../tables/dataset-tables.js';
import { timeParam } from './time-param.js';

describe('timeParam', () => {
  it('a TIMESTAMP column gets a timestamp parameter', () => {
    expect(timeParam('tokens', 'analyzed_at', 'as_of')).toBe('epoch_ms(CAST($as_of AS BIGINT))');
  });

  it('follows the type the schema derives for kol_trades.at', () => {
    const type = DATASET_TABLES.kol_trades.columns.find((c) => c.name === 'at')?.type;
    const sql = timeParam('kol_trades', 'at', 'x');
    expect(sql).toBe(type === 'TIMESTAMP' ? 'epoch_ms(CAST($x AS BIGINT))' : `CAST($x AS ${type})`);
  });

  it('an unknown column is a programming error', () => {
    expect(() => timeParam('ticks', 'nope', 'x')).toThrow(RangeError);
  });
});
