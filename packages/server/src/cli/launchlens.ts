import { registerDatasetCommands, registerIndexCommands, runCli } from '@launchlens/indexer';
import { Command } from 'commander';

const program = new Command('launchlens').description('launchlens: datasets, models and operations');
registerDatasetCommands(program);
registerIndexCommands(program);
await runCli(program, process.argv);
