import { PROGRAMS } from '../../../events/programs.js';
import type { ProgramIdl } from '../program-idl.js';

const swapAccounts = [
  'payer',
  'authority',
  'amm_config',
  'pool_state',
  'input_token_account',
  'output_token_account',
  'input_vault',
  'output_vault',
  'input_token_program',
  'output_token_program',
  'input_token_mint',
  'output_token_mint',
  'observation_state',
] as const;

/** Raydium CPMM (`raydium_cp_swap` 0.2.0, raydium-io/raydium-idl `raydium_cpmm/raydium_cp_swap.json`). */
export const RAYDIUM_CPMM_IDL = {
  programId: PROGRAMS.raydiumCpmm,
  events: {
    LpChangeEvent: { discriminator: '79a3cdc939da753c' },
    SwapEvent: {
      discriminator: '40c6cde8260871e2',
      layout: {
        fields: [
          ['pool_id', 'pubkey'],
          ['input_vault_before', 'u64'],
          ['output_vault_before', 'u64'],
          ['input_amount', 'u64'],
          ['output_amount', 'u64'],
          ['input_transfer_fee', 'u64'],
          ['output_transfer_fee', 'u64'],
          ['base_input', 'bool'],
        ],
        tail: [],
      },
    },
  },
  instructions: {
    collect_fund_fee: { discriminator: 'a78a4e95dfc2067e' },
    collect_protocol_fee: { discriminator: '8888fcddc2427e59' },
    create_amm_config: { discriminator: '8934edd4d7756c68' },
    deposit: { discriminator: 'f223c68952e1f2b6' },
    initialize: {
      discriminator: 'afaf6d1f0d989bed',
      layout: {
        fields: [
          ['init_amount_0', 'u64'],
          ['init_amount_1', 'u64'],
          ['open_time', 'u64'],
        ],
        tail: [],
      },
      accounts: [
        'creator',
        'amm_config',
        'authority',
        'pool_state',
        'token_0_mint',
        'token_1_mint',
        'lp_mint',
        'creator_token_0',
        'creator_token_1',
        'creator_lp_token',
        'token_0_vault',
        'token_1_vault',
        'create_pool_fee',
        'observation_state',
        'token_program',
        'token_0_program',
        'token_1_program',
        'associated_token_program',
        'system_program',
        'rent',
      ],
    },
    swap_base_input: {
      discriminator: '8fbe5adac41e33de',
      layout: {
        fields: [
          ['amount_in', 'u64'],
          ['minimum_amount_out', 'u64'],
        ],
        tail: [],
      },
      accounts: swapAccounts,
    },
    swap_base_output: {
      discriminator: '37d96256a34ab4ad',
      layout: {
        fields: [
          ['max_amount_in', 'u64'],
          ['amount_out', 'u64'],
        ],
        tail: [],
      },
      accounts: swapAccounts,
    },
    update_amm_config: { discriminator: '313cae889a1c74c8' },
    update_pool_status: { discriminator: '82576c062ee0757b' },
    withdraw: { discriminator: 'b712469c946da122' },
  },
  accounts: {
    AmmConfig: { discriminator: 'daf42168cbcb2b6f' },
    ObservationState: { discriminator: '7aaec5358109a584' },
    PoolState: { discriminator: 'f7ede3f5d7c3de46' },
  },
} as const satisfies ProgramIdl;
