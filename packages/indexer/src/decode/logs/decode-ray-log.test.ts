import { describe, expect, it } from 'vitest';
import { readFixture } from '../../testing/read-fixture.js';
import { decodeRayLog } from './decode-ray-log.js';

type Notification = { params: { result: { transaction: { meta: { logMessages: string[] } } } } };

const rayLogs = (n: Notification) =>
  n.params.result.transaction.meta.logMessages
    .filter((l) => l.startsWith('Program log: ray_log: '))
    .map((l) => l.slice('Program log: ray_log: '.length));

describe('ray_log (fixtures C and D)', () => {
  it('every initialize2 migration logs an init record: pc 6 / coin 9 decimals, lots 100 / 10000000', () => {
    const all = [
      readFixture<Notification>('pumpfun/migration-raydium-notification.json'),
      ...readFixture<Notification[]>('pumpfun/migrations-raydium.json'),
    ];
    for (const n of all) {
      const [text] = rayLogs(n);
      const out = decodeRayLog(text!);
      expect(out).toMatchObject({
        ok: true,
        value: {
          type: 'init',
          pc_decimals: 6,
          coin_decimals: 9,
          pc_lot_size: 100n,
          coin_lot_size: 10000000n,
        },
      });
    }
    const first = decodeRayLog(rayLogs(all[0]!)[0]!);
    expect(first.ok && first.value).toMatchObject({
      pc_amount: 206900000000000n,
      coin_amount: 79005359551n,
      market: 'FnuDjreXEFHwE5cyQnSgENuDQt3kbaAkiKLCQ9TJD8Qu',
    });
  });

  it('SwapBaseIn logs: amount_in, minimum_out, direction 2 (coin→pc) and out_amount', () => {
    const [buy, sell] = readFixture<Notification[]>('raydium/post-migration-swaps.json').map((n) =>
      decodeRayLog(rayLogs(n)[0]!),
    );
    expect(buy).toMatchObject({
      ok: true,
      value: {
        type: 'swap_base_in',
        amount_in: 194231121n,
        minimum_out: 172220709423n,
        direction: 2n,
        out_amount: 181542520507n,
      },
    });
    expect(sell).toMatchObject({
      ok: true,
      value: { type: 'swap_base_in', amount_in: 577200577200n, direction: 2n, out_amount: 3684657266n },
    });
  });

  it('bad base64, a cut record and an unknown log type are warnings, not throws', () => {
    expect(decodeRayLog('***')).toMatchObject({ ok: false, code: 'bad_base64' });
    expect(decodeRayLog('AwAAAA==')).toMatchObject({ ok: false, code: 'truncated' });
    expect(decodeRayLog('CQ==')).toMatchObject({ ok: false, code: 'unknown_discriminator' });
  });
});
