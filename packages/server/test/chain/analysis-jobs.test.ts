import type { ScreenRecord } from '@launchlens/engine';
import { describe, expect, test } from 'vitest';
import { createAnalysisJobs } from '../../src/chain/analysis-jobs.js';

describe('the analysis queue', () => {
  test('jobs run one at a time in arrival order: queued, then running, then complete or failed', async () => {
    let clock = 0;
    const seen: string[] = [];
    let running = 0;
    let maxRunning = 0;
    const jobs = createAnalysisJobs({
      now: () => ++clock,
      async run(mint) {
        running++;
        maxRunning = Math.max(maxRunning, running);
        seen.push(`${mint}:${jobs.get(`id-${mint}`)!.status}`);
        await new Promise((resolve) => setImmediate(resolve));
        running--;
        if (mint === 'bad') throw new Error('no curve');
        return { mint } as unknown as ScreenRecord;
      },
    });
    const a = jobs.enqueue('id-a', 'a');
    jobs.enqueue('id-bad', 'bad');
    jobs.enqueue('id-c', 'c');
    expect(a.status).toBe('queued');
    await jobs.idle();
    expect(seen).toEqual(['a:running', 'bad:running', 'c:running']);
    expect(maxRunning).toBe(1);
    expect(jobs.get('id-a')).toMatchObject({ status: 'complete', screen: { mint: 'a' }, error: null });
    expect(jobs.get('id-bad')).toMatchObject({ status: 'failed', screen: null, error: 'no curve' });
    const c = jobs.get('id-c')!;
    expect(c.queued_at).toBeLessThan(c.started_at!);
    expect(c.started_at).toBeLessThan(c.finished_at!);
  });

  test('finished jobs beyond `keep` are forgotten oldest first', async () => {
    const jobs = createAnalysisJobs({
      now: () => 0,
      keep: 2,
      run: async (mint) => ({ mint }) as unknown as ScreenRecord,
    });
    for (const id of ['1', '2', '3']) jobs.enqueue(id, id);
    await jobs.idle();
    expect(jobs.get('1')).toBeUndefined();
    expect(jobs.get('3')?.status).toBe('complete');
  });
});
