import type { TestApp } from './test-app.js';

export interface CallResult {
  readonly status: number;
  readonly headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field in tests
  readonly json: any;
  readonly text: string;
}

export interface CallOptions {
  readonly key?: string;
  /** A JSON body (sent with `Content-Type: application/json`) or raw text. */
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
}

/** One request through `app.request()`. */
export async function call(
  t: TestApp,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<CallResult> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key !== undefined) headers['x-api-key'] = options.key;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await t.app.request(path, { method, headers, body });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: res.status, headers: res.headers, json, text };
}
