import { Command } from 'commander';
import { registerDatasetCommands } from './dataset-commands.js';
import { registerDemoCommand } from './demo-command.js';
import { registerIndexCommands } from './index-commands.js';
import { registerKeysCommands } from './keys-commands.js';
import { registerRiskCommands } from './risk-commands.js';
import { runCli } from './run-cli.js';

const program = new Command('launchlens').description('launchlens: datasets, models and operations');
registerDatasetCommands(program);
registerRiskCommands(program);
registerIndexCommands(program);
registerKeysCommands(program);
registerDemoCommand(program);
await runCli(program, process.argv);
