/**
 * `@launchlens/engine/testing`: the table fixtures of every package's tests (not for notebooks
 * or the server): complete rows with neutral defaults, a memory store holding them, a dataset
 * folder written from them, and seeded synthetic launches.
 */

export { openServedCopy, withServedCopy } from './open-served-copy.js';
export { roundNumbers } from './round-numbers.js';
export { type SampleLaunch, sampleFeatureInputs } from './sample-feature-inputs.js';
export {
  DAY,
  edgeRow,
  type FixtureRows,
  HOUR,
  holderRow,
  kolTradeRow,
  outcomeRow,
  positionRow,
  recordingQueryable,
  storeWith,
  T0,
  tokenRow,
} from './table-rows.js';
export { type TestTables, writeTestDataset } from './write-test-dataset.js';
