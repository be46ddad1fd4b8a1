import {
  registerDatasetCommands,
  registerIndexCommands,
  registerRiskCommands,
  runCli,
} from '@launchlens/indexer';
import { Command } from 'commander';
import { registerDemoCommand } from './demo-command.js';
import { registerKeysCommands } from './keys-commands.js';

const program = new Command('launchlens').description('launchlens: datasets, models and operations');
registerDatasetCommands(program);
registerRiskCommands(program);
registerIndexCommands(program);
registerKeysCommands(program);
registerDemoCommand(program);
await runCli(program, process.argv);
