import type { FuzzRequest } from './openapi-requests.js';

export interface FuzzedResponse {
  readonly status: number;
  readonly contentType: string;
  readonly text: string;
}

/**
 * What the fuzz asserts of one answer, as a list of broken rules (empty: all held): no 5xx;
 * every non-2xx JSON body (HEAD and preflights have none) is `{error: {code, message}, _meta}`;
 * the funded key's balance moves only on a 2xx that says it charged exactly that much, never on
 * HEAD, OPTIONS, coverage `none` or an empty result (`count` 0).
 */
export function checkFuzzedResponse(
  req: FuzzRequest,
  res: FuzzedResponse,
  /** Credits the funded key lost over the call (0 when it was not presented). */
  spent: number,
): string[] {
  const broken: string[] = [];
  const where = `${req.method} ${req.url} [${req.headers['content-type'] ?? '-'}] → ${res.status} ${res.text.slice(0, 160)}`;
  // 501 `not_implemented` is this server's configuration (no chain reader), not the client's input.
  if (res.status >= 500 && !(res.status === 501 && res.text.includes('"not_implemented"')))
    broken.push(`5xx: ${where}`);
  let json: {
    error?: { code?: unknown; message?: unknown };
    _meta?: Record<string, unknown>;
    count?: unknown;
  } | null = null;
  if (res.contentType.includes('json') && res.text !== '') {
    try {
      // NDJSON (the track record's entries): every line parses; the last one carries `_meta`.
      json = res.contentType.includes('ndjson')
        ? res.text
            .trim()
            .split('\n')
            .map((line) => JSON.parse(line))
            .at(-1)
        : JSON.parse(res.text);
    } catch {
      broken.push(`unparseable JSON: ${where}`);
    }
  }
  const ok = res.status >= 200 && res.status < 300;
  if (!ok && req.method !== 'HEAD') {
    const e = json?.error;
    if (typeof e?.code !== 'string' || typeof e?.message !== 'string' || typeof json?._meta !== 'object')
      broken.push(`error body is not {error:{code,message},_meta}: ${where}`);
  }
  const billing = json?._meta?.billing as { charged?: boolean; credits?: number } | undefined;
  const charged = ok && billing?.charged === true;
  if (spent !== 0) {
    if (!ok) broken.push(`charged ${spent} on a non-2xx: ${where}`);
    else if (req.method === 'HEAD' || req.method === 'OPTIONS')
      broken.push(`charged ${spent} for ${req.method}: ${where}`);
    else if (!charged) broken.push(`charged ${spent} while _meta says not charged: ${where}`);
    else if (billing?.credits !== spent)
      broken.push(`charged ${spent}, _meta says ${billing?.credits}: ${where}`);
  }
  if (charged && json?._meta?.coverage === 'none') broken.push(`charged with coverage none: ${where}`);
  if (charged && json?.count === 0) broken.push(`charged for an empty result: ${where}`);
  if (charged && spent === 0 && req.headers['x-api-key'] !== undefined && !req.headers['payment-signature'])
    broken.push(`says charged, nothing taken: ${where}`);
  return broken;
}
