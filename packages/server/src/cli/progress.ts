import { SingleBar } from 'cli-progress';

export interface Progress {
  update(done: number): void;
  stop(): void;
}

/** A progress bar on stderr; a line every 10 % when stderr is not a terminal (CI, logs). */
export function createProgress(unit: string, total: number): Progress {
  if (process.stderr.isTTY) {
    const bar = new SingleBar({
      format: `  {bar} {percentage}% | {value}/{total} ${unit} | {duration}s elapsed, eta {eta}s`,
      stream: process.stderr,
      hideCursor: true,
    });
    bar.start(total, 0);
    return { update: (done) => bar.update(Math.min(done, total)), stop: () => bar.stop() };
  }
  let lastDecile = -1;
  return {
    update(done) {
      const decile = Math.floor((10 * done) / Math.max(total, 1));
      if (decile > lastDecile) {
        lastDecile = decile;
        process.stderr.write(`  ${Math.min(decile * 10, 100)}% (${done}/${total} ${unit})\n`);
      }
    },
    stop() {},
  };
}

/** A progress bar over steps whose total is known only when the first one is done (the serving store's build). */
export interface StepsProgress {
  /** The progress callback: the bar starts at the first step, after `onStart`, and stops at the last. */
  readonly update: (done: number, total: number) => void;
  /** Stops the bar if it runs (on failure: its redraw timer would keep the process from exiting). */
  readonly stop: () => void;
}

export function stepsProgress(unit: string, onStart?: () => void): StepsProgress {
  let bar: Progress | null = null;
  return {
    update(done, total) {
      if (bar === null) {
        onStart?.();
        bar = createProgress(unit, total);
      }
      bar.update(done);
      if (done === total) bar.stop();
    },
    stop: () => bar?.stop(),
  };
}

/** The two bars of a dataset build: launches migrated, then the final Parquet write's steps. */
export interface BuildProgress {
  /** For `buildSimDataset`'s `onProgress` and `onWriteProgress`. */
  readonly onProgress: (migrated: number) => void;
  readonly onWriteProgress: (done: number, total: number) => void;
  /** Stops whichever bar runs (on failure too: a redraw timer would keep the process from exiting). */
  readonly stop: () => void;
}

export function buildProgress(launches: number): BuildProgress {
  const migrated = createProgress('launches', launches);
  const files = stepsProgress('Parquet write steps', () => migrated.stop());
  return {
    onProgress: (done) => migrated.update(done),
    onWriteProgress: files.update,
    stop: () => {
      migrated.stop();
      files.stop();
    },
  };
}
