/**
 * V8 flags the service runs with (the root `start` and `launchlens` scripts), given to every
 * benchmark process too: a 64 MB young generation (default 16) scavenges ≈ 4× less often and
 * promotes fewer short-lived objects — fewer old-generation collections under HTTP load, and
 * ≈ 20 % less CPU for a dataset build (see docs/decisions.md).
 */
export const SERVICE_NODE_FLAGS = ['--max-semi-space-size=64'];
