import { join, resolve } from 'node:path';
import { DEFAULT_DATASET_DIR, REPO_ROOT } from '@launchlens/indexer';
import { InvalidArgumentError, Option } from 'commander';

/** Parses a whole number ≥ 0; the message names the flag. */
export const wholeNumber =
  (flag: string) =>
  (value: string): number => {
    const n = Number(value);
    if (!Number.isSafeInteger(n) || n < 0) {
      throw new InvalidArgumentError(`${flag} must be a whole number ≥ 0, got ${value}`);
    }
    return n;
  };

/** Parses a finite number > 0; the message names the flag. */
export const positiveNumber =
  (flag: string) =>
  (value: string): number => {
    const n = Number(value);
    if (!Number.isFinite(n) || n <= 0)
      throw new InvalidArgumentError(`${flag} must be a positive number, got ${value}`);
    return n;
  };

/** Parses an ISO-8601 moment to epoch milliseconds; the message names the flag. */
export const isoMoment =
  (flag: string) =>
  (value: string): number => {
    const t = Date.parse(value);
    if (Number.isNaN(t)) throw new InvalidArgumentError(`${flag} is not a date: ${value}`);
    return t;
  };

/** Parses a DuckDB memory size (`512MB`, `2.5GB`, `2560MiB`); the message names the flag. */
export const memorySize =
  (flag: string) =>
  (value: string): string => {
    if (!/^\d+(\.\d+)?\s*(KB|MB|GB|TB|KiB|MiB|GiB|TiB)$/i.test(value.trim())) {
      throw new InvalidArgumentError(`${flag} must be a size such as 1536MB or 2.5GB, got ${value}`);
    }
    return value.trim();
  };

/** Collects a repeatable option into a list. */
export const repeatable = (value: string, list: readonly string[]): string[] => [...list, value];

/** `--dataset <dir>`, the dataset folder every reading command takes. */
export const datasetOption = (): Option =>
  new Option('--dataset <dir>', 'dataset folder').default(DEFAULT_DATASET_DIR);

/** The ledger file the server uses: `--ledger`, else `LEDGER_PATH`, else `var/ledger.sqlite` in the checkout. */
export function ledgerFile(option: string | undefined): string {
  return resolve(option ?? process.env.LEDGER_PATH ?? join(REPO_ROOT, 'var', 'ledger.sqlite'));
}
