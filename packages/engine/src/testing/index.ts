/**
 * `@launchlens/engine/testing`: table fixtures for the tests of every package (not shipped to
 * notebooks or the server): complete rows with neutral defaults, and seeded synthetic launches.
 */
export { handRows } from './hand-rows.js';
export { type SampleLaunch, sampleFeatureInputs } from './sample-feature-inputs.js';
