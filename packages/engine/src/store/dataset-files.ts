import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { ADDRESS_TABLE } from '../tables/address-table.js';
import { DATASET_FORMAT_VERSION } from '../tables/dataset-format-version.js';
import { Manifest } from '../tables/manifest.js';
import { DatasetError } from './dataset-error.js';
import { hashFile } from './hash-file.js';

/** The folder's `manifest.json`, validated; every failure is a `DatasetError` naming the file. */
export async function readManifest(root: string): Promise<Manifest> {
  const info = await stat(root).catch(() => null);
  if (!info?.isDirectory()) {
    throw new DatasetError('dataset_missing', `dataset not found: ${root} is not a folder`);
  }
  const path = join(root, 'manifest.json');
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (cause) {
    throw new DatasetError(
      'manifest_missing',
      `dataset ${root} has no manifest: ${path} cannot be read`,
      cause,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (cause) {
    throw new DatasetError('manifest_invalid', `${path} is not valid JSON: ${message(cause)}`, cause);
  }
  const version = (json as { format_version?: unknown } | null)?.format_version;
  if (typeof version === 'number' && version !== DATASET_FORMAT_VERSION) {
    throw new DatasetError(
      'format_unsupported',
      `${path} is dataset format ${version}; this version reads format ${DATASET_FORMAT_VERSION} ` +
        `(address columns as ids into ${ADDRESS_TABLE.file}): rebuild the dataset ` +
        `(pnpm launchlens dataset build --out ${root}, with the --launches, --seed and --end it was built with)`,
    );
  }
  const parsed = Manifest.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new DatasetError(
      'manifest_invalid',
      `${path} is not a valid manifest: ${issues.join('; ')}`,
      parsed.error,
    );
  }
  return parsed.data;
}

/** The path of table `name`'s file, checked to exist with the manifest's size (and SHA-256 when asked). */
export async function checkTableFile(
  root: string,
  manifest: Manifest,
  name: string,
  verifyHashes = false,
): Promise<string> {
  const entry = manifest.tables[name];
  if (!entry) {
    throw new DatasetError('table_missing', `${join(root, 'manifest.json')} lists no "${name}" table`);
  }
  const path = join(root, entry.file);
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) {
    throw new DatasetError('table_missing', `table file missing: ${path} (table ${name})`);
  }
  if (info.size !== entry.bytes) {
    throw new DatasetError(
      'table_corrupt',
      `table file corrupt: ${path} has ${info.size} bytes, the manifest says ${entry.bytes}`,
    );
  }
  if (verifyHashes) {
    const sha256 = await hashFile(path);
    if (sha256 !== entry.sha256) {
      throw new DatasetError(
        'table_corrupt',
        `table file corrupt: ${path} has SHA-256 ${sha256}, the manifest says ${entry.sha256}`,
      );
    }
  }
  return path;
}

function message(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
