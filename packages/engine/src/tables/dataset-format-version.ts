/**
 * `format_version` of the dataset folders this code writes and reads. 2: address columns are
 * INTEGER ids into `addresses.parquet`; 1 stored them as strings in every table.
 */
export const DATASET_FORMAT_VERSION = 2;
