import type { ScreenRecord } from '@launchlens/engine';

export type AnalysisStatus = 'queued' | 'running' | 'complete' | 'failed';

/** One on-demand analysis (DESIGN §5): queued → running → complete | failed. */
export interface AnalysisJob {
  readonly analysis_id: string;
  readonly mint: string;
  status: AnalysisStatus;
  readonly queued_at: number;
  started_at: number | null;
  finished_at: number | null;
  screen: ScreenRecord | null;
  error: string | null;
}

export interface AnalysisJobsOptions {
  /** Builds the screen record of a paid analysis; a throw fails the job with its message. */
  readonly run: (mint: string) => Promise<ScreenRecord>;
  readonly now: () => number;
  /** Finished jobs kept for polling (default 10 000; the oldest finished go first). */
  readonly keep?: number;
  readonly onError?: (job: AnalysisJob, error: unknown) => void;
}

export interface AnalysisJobs {
  /** Queues a paid analysis under its id; jobs run one at a time in arrival order. */
  enqueue(analysisId: string, mint: string): AnalysisJob;
  get(analysisId: string): AnalysisJob | undefined;
  /** Resolves when every queued job has finished. */
  idle(): Promise<void>;
}

/** The in-process analysis queue: one job runs at a time, so an analysis never starves the API. */
export function createAnalysisJobs(options: AnalysisJobsOptions): AnalysisJobs {
  const jobs = new Map<string, AnalysisJob>();
  const queue: AnalysisJob[] = [];
  const keep = options.keep ?? 10_000;
  let running: Promise<void> | null = null;

  const forgetOld = () => {
    if (jobs.size <= keep) return;
    for (const [id, job] of jobs) {
      if (jobs.size <= keep) break;
      if (job.status === 'complete' || job.status === 'failed') jobs.delete(id);
    }
  };

  const drain = async () => {
    for (let job = queue.shift(); job !== undefined; job = queue.shift()) {
      job.status = 'running';
      job.started_at = options.now();
      try {
        job.screen = await options.run(job.mint);
        job.status = 'complete';
      } catch (e) {
        job.status = 'failed';
        job.error = e instanceof Error ? e.message : String(e);
        options.onError?.(job, e);
      }
      job.finished_at = options.now();
      forgetOld();
    }
    running = null;
  };

  return {
    enqueue(analysisId, mint) {
      const job: AnalysisJob = {
        analysis_id: analysisId,
        mint,
        status: 'queued',
        queued_at: options.now(),
        started_at: null,
        finished_at: null,
        screen: null,
        error: null,
      };
      jobs.set(analysisId, job);
      queue.push(job);
      running ??= new Promise<void>((resolve) => setImmediate(resolve)).then(drain);
      return job;
    },
    get: (analysisId) => jobs.get(analysisId),
    async idle() {
      while (running !== null) await running;
    },
  };
}
