/** `@launchlens/server/testing`: the test app, world and fuzz checks the benchmarks reuse. */
export { checkFuzzedResponse } from '../fuzz/check-fuzzed-response.js';
export { type FuzzRequest, sampleRequests, worldSeeds } from '../fuzz/openapi-requests.js';
export { makeTestApp } from './test-app.js';
export { buildTestWorld } from './test-world.js';
