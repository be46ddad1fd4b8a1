import { z } from '@hono/zod-openapi';
import { ErrorBody } from '../errors/error-body.js';
import { errorResponses, jsonResponse } from '../routes/openapi-parts.js';
import { isSolanaAddress } from '../routes/params.js';

/** The `Last-Event-ID` request header: the id of the last event received, to resume after it. */
export const StreamHeaders = z.object({
  'last-event-id': z
    .string()
    .regex(/^\d{1,15}$/, { error: 'Last-Event-ID must be the decimal id of a received event' })
    .optional()
    .openapi({
      param: { name: 'last-event-id', in: 'header' },
      description: 'Resume after this event id with no gap; events already delivered are not billed again.',
    }),
});

/** `max_events`: close the stream after this many delivered events (caps spend). */
export const maxEventsQuery = z.coerce
  .number({ error: 'max_events must be a number' })
  .int({ error: 'max_events must be a whole number' })
  .min(1, { error: 'max_events must be at least 1' })
  .max(1_000_000, { error: 'max_events must be at most 1000000' })
  .optional()
  .openapi({ param: { name: 'max_events', in: 'query' } });

/** A comma-separated list of at most 50 base58 wallet addresses. */
export function watchQuery(required: boolean) {
  const list = z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s.length > 0),
    )
    .pipe(
      z
        .array(
          z.string().refine(isSolanaAddress, {
            error: 'watch must list base58 Solana addresses (32 bytes), comma-separated',
          }),
        )
        .min(required ? 1 : 0, { error: 'watch must list at least one address' })
        .max(50, { error: 'watch lists at most 50 addresses' }),
    );
  return (required ? list : list.optional()).openapi({
    param: { name: 'watch', in: 'query' },
    description: 'Comma-separated wallet addresses, at most 50',
    type: 'string',
  });
}

/** The responses of a stream route: the SSE body, and JSON errors before the stream opens. */
export function streamResponses(description: string) {
  return {
    200: {
      description,
      content: {
        'text/event-stream': {
          schema: z.string().openapi({
            description:
              'Server-sent events: `id:` is the event-log id (the resume cursor), `event:` the type, `data:` one JSON object. A comment line `: heartbeat` every 15 s while idle; `event: end` with `{reason, delivered}` (`max_events`, `credits_exhausted`, `key_revoked`, `shutdown`) before the server closes it.',
          }),
        },
      },
    },
    ...errorResponses(400, 401, 429),
    402: jsonResponse(ErrorBody, '`insufficient_credits`: the key cannot pay one event; deposit first.'),
  } as const;
}
