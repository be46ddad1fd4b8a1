import {
  type DuckDBArrayType,
  type DuckDBArrayValue,
  type DuckDBBlobValue,
  type DuckDBDateValue,
  type DuckDBDecimalValue,
  type DuckDBIntervalValue,
  type DuckDBListType,
  type DuckDBListValue,
  type DuckDBMapType,
  type DuckDBMapValue,
  type DuckDBStructType,
  type DuckDBStructValue,
  type DuckDBTimestampMillisecondsValue,
  type DuckDBTimestampNanosecondsValue,
  type DuckDBTimestampSecondsValue,
  type DuckDBTimestampTZValue,
  type DuckDBTimestampValue,
  type DuckDBTimeValue,
  DuckDBTypeId,
  type DuckDBValueConverter,
} from '@duckdb/node-api';

/** What a query cell becomes in a returned row object. */
export type PlainValue =
  | string
  | number
  | boolean
  | null
  | Uint8Array
  | PlainValue[]
  | { [key: string]: PlainValue };

const MS_PER_DAY = 86_400_000;

/**
 * Converts a DuckDB value to a plain JS value: integers of any width and DECIMAL → number,
 * TIMESTAMP (every precision, with or without time zone) and DATE → epoch ms, TIME → µs,
 * LIST/ARRAY → array, STRUCT → object, MAP → array of `{key, value}`, others → string.
 */
export const toPlainValue: DuckDBValueConverter<PlainValue> = (value, type, self) => {
  if (value === null) return null;
  switch (type.typeId) {
    case DuckDBTypeId.BOOLEAN:
    case DuckDBTypeId.VARCHAR:
    case DuckDBTypeId.ENUM:
    case DuckDBTypeId.TINYINT:
    case DuckDBTypeId.SMALLINT:
    case DuckDBTypeId.INTEGER:
    case DuckDBTypeId.UTINYINT:
    case DuckDBTypeId.USMALLINT:
    case DuckDBTypeId.UINTEGER:
    case DuckDBTypeId.FLOAT:
    case DuckDBTypeId.DOUBLE:
      return value as string | number | boolean;
    case DuckDBTypeId.BIGINT:
    case DuckDBTypeId.UBIGINT:
    case DuckDBTypeId.HUGEINT:
    case DuckDBTypeId.UHUGEINT:
    case DuckDBTypeId.BIGNUM:
      return Number(value as bigint);
    case DuckDBTypeId.DECIMAL:
      return (value as DuckDBDecimalValue).toDouble();
    case DuckDBTypeId.TIMESTAMP:
      return Number((value as DuckDBTimestampValue).micros) / 1000;
    case DuckDBTypeId.TIMESTAMP_TZ:
      return Number((value as DuckDBTimestampTZValue).micros) / 1000;
    case DuckDBTypeId.TIMESTAMP_S:
      return Number((value as DuckDBTimestampSecondsValue).seconds) * 1000;
    case DuckDBTypeId.TIMESTAMP_MS:
      return Number((value as DuckDBTimestampMillisecondsValue).millis);
    case DuckDBTypeId.TIMESTAMP_NS:
      return Number((value as DuckDBTimestampNanosecondsValue).nanos) / 1e6;
    case DuckDBTypeId.DATE:
      return (value as DuckDBDateValue).days * MS_PER_DAY;
    case DuckDBTypeId.TIME:
      return Number((value as DuckDBTimeValue).micros);
    case DuckDBTypeId.INTERVAL: {
      const { months, days, micros } = value as DuckDBIntervalValue;
      return { months, days, micros: Number(micros) };
    }
    case DuckDBTypeId.BLOB:
      return (value as DuckDBBlobValue).bytes;
    case DuckDBTypeId.LIST:
    case DuckDBTypeId.ARRAY: {
      const itemType = (type as DuckDBListType | DuckDBArrayType).valueType;
      return (value as DuckDBListValue | DuckDBArrayValue).items.map((item) => self(item, itemType, self));
    }
    case DuckDBTypeId.STRUCT: {
      const out: { [key: string]: PlainValue } = {};
      for (const [key, entry] of Object.entries((value as DuckDBStructValue).entries)) {
        out[key] = self(entry, (type as DuckDBStructType).typeForEntry(key), self);
      }
      return out;
    }
    case DuckDBTypeId.MAP: {
      const map = type as DuckDBMapType;
      return (value as DuckDBMapValue).entries.map((e) => ({
        key: self(e.key, map.keyType, self),
        value: self(e.value, map.valueType, self),
      }));
    }
    default:
      return String(value);
  }
};
