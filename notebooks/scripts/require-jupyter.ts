import { spawnSync } from 'node:child_process';

const INSTALL: Record<string, string> = {
  nbconvert:
    'Debian/Ubuntu: sudo apt-get install jupyter-nbconvert python3-nbclient jupyter-client python3-ipykernel; ' +
    'or: pip install nbconvert nbclient jupyter-client ipykernel',
  lab: 'Debian/Ubuntu: sudo apt-get install jupyter-notebook; or: pip install jupyterlab',
  notebook: 'Debian/Ubuntu: sudo apt-get install jupyter-notebook; or: pip install notebook',
};

/**
 * The first of `subcommands` (`jupyter <sub> --version` succeeds) installed here; otherwise
 * prints one line saying what to install and exits with status 1.
 */
export function requireJupyter(subcommands: readonly string[], why: string): string {
  for (const sub of subcommands) {
    const probe = spawnSync('jupyter', [sub, '--version'], { stdio: 'ignore' });
    if (probe.status === 0) return sub;
  }
  const wanted = subcommands.map((s) => `jupyter ${s}`).join(' or ');
  console.error(`${why} needs ${wanted}, which is not installed. Install it — ${INSTALL[subcommands[0]]}`);
  process.exit(1);
}
