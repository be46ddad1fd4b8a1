import {
  BIGINT,
  BOOLEAN,
  DOUBLE,
  type DuckDBListType,
  type DuckDBPreparedStatement,
  DuckDBTimestampTZValue,
  DuckDBTimestampValue,
  type DuckDBType,
  DuckDBTypeId,
  type DuckDBValue,
  LIST,
  listValue,
  VARCHAR,
} from '@duckdb/node-api';
import type { SqlParam } from './queryable.js';

/** A `$name` parameter of a prepared statement with the type DuckDB inferred from its context. */
export interface ParamSlot {
  readonly index: number;
  readonly name: string;
  /** `null` when the context leaves the type open (e.g. `SELECT $x`, `= ANY($list)`). */
  readonly type: DuckDBType | null;
}

/** The parameter slots of a prepared statement, read once and cached with it. */
export function paramSlots(statement: DuckDBPreparedStatement): readonly ParamSlot[] {
  const slots: ParamSlot[] = [];
  for (let index = 1; index <= statement.parameterCount; index++) {
    const typeId = statement.parameterTypeId(index);
    const type =
      typeId === DuckDBTypeId.INVALID || typeId === DuckDBTypeId.ANY ? null : statement.parameterType(index);
    slots.push({ index, name: statement.parameterName(index), type });
  }
  return slots;
}

/**
 * Binds named values to their slots. A number bound where DuckDB expects a TIMESTAMP is epoch
 * ms; where the type is open, integers bind as BIGINT, other numbers as DOUBLE and arrays as
 * LISTs of the same rule. Throws a plain `Error` naming the parameter that is missing or unknown.
 */
export function bindParams(
  statement: DuckDBPreparedStatement,
  slots: readonly ParamSlot[],
  params: Readonly<Record<string, SqlParam>>,
): void {
  statement.clearBindings();
  let used = 0;
  for (const slot of slots) {
    if (!Object.hasOwn(params, slot.name)) throw new Error(`missing value for parameter $${slot.name}`);
    used++;
    const value = params[slot.name];
    if (value === null) {
      statement.bindNull(slot.index);
      continue;
    }
    const type = slot.type ?? openType(value);
    try {
      statement.bindValue(slot.index, toDuckDBValue(value, type), type);
    } catch (cause) {
      throw new Error(`cannot bind $${slot.name} as ${type}: ${(cause as Error).message}`);
    }
  }
  if (used !== Object.keys(params).length) {
    const known = new Set(slots.map((s) => s.name));
    const unknown = Object.keys(params).filter((name) => !known.has(name));
    throw new Error(
      `unknown parameter${unknown.length > 1 ? 's' : ''} ${unknown.map((n) => `$${n}`).join(', ')}`,
    );
  }
}

function openType(value: Exclude<SqlParam, null>): DuckDBType {
  if (typeof value === 'string') return VARCHAR;
  if (typeof value === 'boolean') return BOOLEAN;
  if (typeof value === 'number') return Number.isSafeInteger(value) ? BIGINT : DOUBLE;
  if (value.length > 0 && value.every((v) => typeof v === 'string')) return LIST(VARCHAR);
  if (value.length > 0 && value.every((v) => Number.isSafeInteger(v))) return LIST(BIGINT);
  return value.length > 0 ? LIST(DOUBLE) : LIST(VARCHAR);
}

function toDuckDBValue(value: Exclude<SqlParam, null>, type: DuckDBType): DuckDBValue {
  if (Array.isArray(value)) {
    const itemType = type.typeId === DuckDBTypeId.LIST ? (type as DuckDBListType).valueType : null;
    return listValue(value.map((v: string | number) => (itemType ? toDuckDBValue(v, itemType) : v)));
  }
  if (typeof value !== 'number') return value as DuckDBValue;
  if (type.typeId === DuckDBTypeId.TIMESTAMP)
    return new DuckDBTimestampValue(BigInt(Math.round(value * 1000)));
  if (type.typeId === DuckDBTypeId.TIMESTAMP_TZ)
    return new DuckDBTimestampTZValue(BigInt(Math.round(value * 1000)));
  return value;
}
