import { describe, expect, it } from 'vitest';
import { buildVetWalletSql } from './build-vet-wallet-sql.js';
import { FUNDED_WALLETS_TABLE, WALLET_LAUNCHES_TABLE, WALLET_POSITIONS_TABLE } from './wallet-index-sql.js';

describe('buildVetWalletSql', () => {
  it('reads the dataset tables of a store without the wallet-ordered tables', () => {
    const sql = buildVetWalletSql({ wallets: false });
    expect(sql.launches).toMatch(/FROM holders h\n/);
    expect(sql.positions).toMatch(/FROM positions p /);
    expect(sql.funding).toMatch(/FROM funders WHERE funder = \$address/);
    expect(Object.values(sql).join('\n')).not.toMatch(/ix_|delta\./);
  });

  it('reads the wallet-ordered tables of the base and the rows appended since', () => {
    const sql = buildVetWalletSql({ wallets: true });
    expect(sql.launches).toContain(`FROM ${WALLET_LAUNCHES_TABLE} l`);
    expect(sql.launches).toContain('FROM delta.holders h');
    expect(sql.launches).toContain(`FROM ${WALLET_POSITIONS_TABLE} WHERE wallet = $address`);
    expect(sql.launches).toContain('FROM delta.positions WHERE wallet = $address');
    // An outcome or token appended since a base row was built corrects it.
    expect(sql.launches).toContain('LEFT JOIN delta.outcomes o ON o.mint = l.mint');
    expect(sql.launches).toContain('LEFT JOIN delta.tokens t ON t.mint = l.mint');
    expect(sql.positions).toContain(`FROM ${WALLET_POSITIONS_TABLE} l`);
    expect(sql.positions).toContain('FROM delta.positions p');
    expect(sql.funding).toContain(`FROM ${FUNDED_WALLETS_TABLE} WHERE funder = $address`);
    expect(sql.funding).toContain('FROM delta.funders WHERE funder = $address');
    expect(Object.values(sql).join('\n')).not.toMatch(/FROM (holders|positions) /);
  });
});
