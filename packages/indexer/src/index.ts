export type * from './events/chain-event.js';
export { LAMPORTS_PER_SOL, LETSBONK_PLATFORM_CONFIG, PROGRAMS, WSOL_MINT } from './events/programs.js';
