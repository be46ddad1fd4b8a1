import { ADDRESS_STRINGS_TABLE } from './address-string-ids.js';
import { DICTIONARY_TABLE } from './string-dictionary.js';

/** The writer's table mapping a string's dictionary id to its address id. */
export const ADDRESS_IDS_TABLE = 'address_ids';

/**
 * `CREATE TABLE` text numbering every string staged in an address column (the dictionary ids
 * listed in `ADDRESS_STRINGS_TABLE`): `(dict_id, id, address)` with ids 0, 1, 2, … in address
 * order, so the numbering depends on the set of addresses only, not on the order rows arrived in.
 * An address the dictionary numbered twice (it forgot it in between) has two `dict_id` rows with
 * one `id`.
 */
export function addressIdsSql(): string {
  return [
    `CREATE TABLE ${ADDRESS_IDS_TABLE} AS`,
    `WITH used AS (SELECT d.id AS dict_id, d.s FROM ${DICTIONARY_TABLE} d SEMI JOIN ${ADDRESS_STRINGS_TABLE} a ON a.id = d.id),`,
    'numbered AS (SELECT s, (row_number() OVER (ORDER BY s) - 1)::INTEGER AS id FROM (SELECT DISTINCT s FROM used))',
    'SELECT u.dict_id, n.id, u.s AS address FROM used u JOIN numbered n ON n.s = u.s',
  ].join(' ');
}

/**
 * Statements that drop the `address` strings from `ADDRESS_IDS_TABLE` once `addresses.parquet` is
 * written: the tables' copies need only `(dict_id, id)`, and at 240k launches the strings are
 * most of the table (≈ 10 M addresses), which the joins would otherwise keep beside them.
 */
export const DROP_ADDRESS_STRINGS_SQL = [
  `CREATE TABLE ${ADDRESS_IDS_TABLE}_slim AS SELECT dict_id, id FROM ${ADDRESS_IDS_TABLE}`,
  `DROP TABLE ${ADDRESS_IDS_TABLE}`,
  `ALTER TABLE ${ADDRESS_IDS_TABLE}_slim RENAME TO ${ADDRESS_IDS_TABLE}`,
] as const;
