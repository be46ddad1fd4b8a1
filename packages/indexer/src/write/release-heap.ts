import { Session } from 'node:inspector/promises';

/**
 * A full, memory-reducing garbage collection of this thread's heap (the inspector's
 * `HeapProfiler.collectGarbage`). Node 24's V8 keeps the pages a plain `gc()` empties in a pool
 * for reuse rather than returning them, so after the replay the process kept its peak heap
 * resident beside DuckDB's buffer pool; this collection hands them back to the system.
 */
export async function releaseHeap(): Promise<void> {
  const session = new Session();
  session.connect();
  try {
    await session.post('HeapProfiler.collectGarbage');
  } finally {
    session.disconnect();
  }
}
