// The default dataset build (24k launches) end to end: time and peak RSS, in a fresh process.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildSimDataset,
  DEFAULT_LAUNCHES,
  DEFAULT_SEED,
  defaultKnownWalletsPath,
} from '@launchlens/indexer';
import { report } from '../scenario-result.js';

const out = join(mkdtempSync(join(tmpdir(), 'bench-build-')), 'ds');
let peakRss = 0;
const timer = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 50);
const started = performance.now();
const { manifest, stats } = await buildSimDataset({
  launches: DEFAULT_LAUNCHES,
  seed: DEFAULT_SEED,
  end: Date.UTC(2026, 10, 1),
  out,
  knownWalletsPath: defaultKnownWalletsPath(),
});
const seconds = (performance.now() - started) / 1000;
clearInterval(timer);
peakRss = Math.max(peakRss, process.memoryUsage().rss);
const bytes = Object.values(manifest.tables).reduce((s, t) => s + t.bytes, 0);
rmSync(out, { recursive: true, force: true });
report(
  {
    name: 'dataset build 24k',
    metric: 'wall time',
    unit: 's',
    value: seconds,
    target: '≤ 90 s (aim ≤ 45 s)',
  },
  { name: 'dataset build 24k', metric: 'peak RSS', unit: 'MB', value: peakRss / 1e6, target: '≤ 3000 MB' },
  { name: 'dataset build 24k', metric: 'size on disk', unit: 'MB', value: bytes / 1e6, target: '≤ 300 MB' },
  {
    name: 'dataset build 24k',
    metric: 'pipeline events/s',
    unit: 'events/s',
    value: stats.events / seconds,
    notes: `${stats.events} events, ${stats.migrated} launches`,
  },
);
