import { z } from 'zod';
import { DATASET_FORMAT_VERSION } from './dataset-format-version.js';

export const ManifestTable = z.object({
  file: z.string(),
  rows: z.int(),
  bytes: z.int(),
  sha256: z.string(),
});
export type ManifestTable = z.infer<typeof ManifestTable>;

/** `manifest.json` of a dataset folder. Timestamps are ISO-8601 UTC. */
export const Manifest = z.object({
  format_version: z.literal(DATASET_FORMAT_VERSION),
  source: z.enum(['sim', 'mainnet']),
  generator_version: z.string(),
  seed: z.int().nullable(),
  launches: z.int(),
  history_from: z.string(),
  complete_since: z.string(),
  current_through: z.string(),
  ticks_retention: z.object({
    full_resolution_from: z.string(),
    resolution_s: z.number(),
    note: z.string(),
  }),
  tables: z.record(z.string(), ManifestTable),
  content_hash: z.string(),
  /**
   * Set by a fold (`foldDataset`) of a simulated dataset: the history the simulator wrote, which
   * rebuilds its world and the world's live continuation, while `launches` and `current_through`
   * also count the live launches folded in. Absent: the dataset is that history.
   */
  sim_history: z.object({ launches: z.int(), current_through: z.string() }).optional(),
});
export type Manifest = z.infer<typeof Manifest>;
