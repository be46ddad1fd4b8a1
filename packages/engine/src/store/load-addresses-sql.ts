/** The temporary table `openDataset` loads `addresses.parquet` into, dropped once the tables are loaded. */
export const ADDRESS_LOOKUP = '__addresses';

/** `CREATE TEMP TABLE` text loading `addresses.parquet` into `ADDRESS_LOOKUP`. */
export function loadAddressesSql(file: string): string {
  return `CREATE TEMP TABLE ${ADDRESS_LOOKUP} AS SELECT id, address FROM read_parquet('${file.replaceAll("'", "''")}')`;
}
