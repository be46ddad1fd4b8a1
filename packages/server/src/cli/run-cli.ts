import type { Command } from 'commander';

/** Runs a commander program; an error prints one line (`error: …`), not a stack trace, and exits 1. */
export async function runCli(program: Command, argv: readonly string[]): Promise<void> {
  try {
    await program.parseAsync(argv as string[]);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    process.stderr.write(`error: ${message}\n`);
    if (process.env.LAUNCHLENS_DEBUG) console.error(e);
    process.exitCode = 1;
  }
}
