export { DatasetError, type DatasetErrorCode } from './dataset-error.js';
export { DatasetStore } from './dataset-store.js';
export { type OpenDatasetOptions, openDataset } from './open-dataset.js';
export { MEMORY_MANIFEST, openMemoryStore } from './open-memory-store.js';
export type { PlainValue } from './plain-value.js';
export type { Queryable, SqlParam } from './queryable.js';
export type { TableRows } from './table-rows.js';
