import { z } from 'zod';

/** `GET /v1/serial-insiders` query (API-SPEC §4.2 bounds). */
export const SerialInsidersRequest = z.object({
  min_tokens: z.int().min(2).max(50).default(3),
  limit: z.int().min(1).max(100).default(25),
});
export type SerialInsidersRequest = z.infer<typeof SerialInsidersRequest>;
