import { ServerError } from '../errors/server-error.js';

/** Runs one live chain read; a failure (node down, malformed answer) is 503 `chain_unavailable`, never charged. */
export async function readChain<T>(what: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (e) {
    if (e instanceof ServerError) throw e;
    throw new ServerError('chain_unavailable', `the live chain read failed (${what}); retry later`, {
      cause: e,
    });
  }
}
