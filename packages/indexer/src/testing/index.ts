/** `@launchlens/indexer/testing`: test support other packages and the benchmarks use. */
export { toJsonEncoding } from './to-json-encoding.js';
