import type { z } from 'zod';

export type SqlType = 'VARCHAR' | 'DOUBLE' | 'BIGINT' | 'BOOLEAN' | 'TIMESTAMP';

export interface SqlColumn {
  readonly name: string;
  readonly type: SqlType;
  readonly nullable: boolean;
}

interface ZodDefLike {
  type: string;
  innerType?: { _zod: { def: ZodDefLike } };
  format?: string;
  checks?: ReadonlyArray<{ _zod: { def: { format?: string } } }>;
}

/**
 * Derives the Parquet/DuckDB columns of a table from its zod row schema, so the schema is the
 * single source. Convention: a number whose name ends in `_at` is a UTC TIMESTAMP (so is `at`; epoch ms in
 * TypeScript rows); `z.int()` is BIGINT; other numbers DOUBLE; strings and enums VARCHAR.
 */
export function sqlColumnsOf(schema: z.ZodObject): readonly SqlColumn[] {
  return Object.entries(schema.shape).map(([name, field]) => {
    let def = (field as unknown as { _zod: { def: ZodDefLike } })._zod.def;
    let nullable = false;
    while (def.type === 'nullable' || def.type === 'optional') {
      nullable = true;
      def = def.innerType!._zod.def;
    }
    return { name, type: sqlTypeOf(name, def), nullable };
  });
}

function sqlTypeOf(name: string, def: ZodDefLike): SqlType {
  switch (def.type) {
    case 'string':
    case 'enum':
    case 'literal':
      return 'VARCHAR';
    case 'boolean':
      return 'BOOLEAN';
    case 'number': {
      if (name === 'at' || name.endsWith('_at')) return 'TIMESTAMP';
      const isInt =
        def.format === 'safeint' || (def.checks ?? []).some((c) => c._zod.def.format === 'safeint');
      return isInt ? 'BIGINT' : 'DOUBLE';
    }
    default:
      throw new Error(`column ${name}: zod type ${def.type} has no SQL mapping`);
  }
}
