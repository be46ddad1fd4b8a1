/** Polls `condition` every 10 ms until it holds; rejects after `timeoutMs` naming `what`. */
export async function waitFor(what: string, condition: () => boolean, timeoutMs = 15_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
