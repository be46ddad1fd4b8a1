import { PROGRAMS } from '../../../events/programs.js';
import type { ProgramIdl } from '../program-idl.js';

const mintParams = [
  ['decimals', 'u8'],
  ['name', 'string'],
  ['symbol', 'string'],
  ['uri', 'string'],
] as const;

const curveParams = {
  enum: [
    [
      'Constant',
      [
        ['supply', 'u64'],
        ['total_base_sell', 'u64'],
        ['total_quote_fund_raising', 'u64'],
        ['migrate_type', 'u8'],
      ],
    ],
    [
      'Fixed',
      [
        ['supply', 'u64'],
        ['total_quote_fund_raising', 'u64'],
        ['migrate_type', 'u8'],
      ],
    ],
    [
      'Linear',
      [
        ['supply', 'u64'],
        ['total_quote_fund_raising', 'u64'],
        ['migrate_type', 'u8'],
      ],
    ],
  ],
} as const;

const vestingParams = {
  struct: [
    ['total_locked_amount', 'u64'],
    ['cliff_period', 'u64'],
    ['unlock_period', 'u64'],
  ],
} as const;

const ammCreatorFeeOn = {
  enum: [
    ['QuoteToken', []],
    ['BothToken', []],
  ],
} as const;

const initializeAccounts = [
  'payer',
  'creator',
  'global_config',
  'platform_config',
  'authority',
  'pool_state',
  'base_mint',
  'quote_mint',
  'base_vault',
  'quote_vault',
] as const;

const initializeFields = [
  ['base_mint_param', { struct: mintParams }],
  ['curve_param', curveParams],
  ['vesting_param', vestingParams],
] as const;

const tradeAccounts = [
  'payer',
  'authority',
  'global_config',
  'platform_config',
  'pool_state',
  'user_base_token',
  'user_quote_token',
  'base_vault',
  'quote_vault',
  'base_token_mint',
  'quote_token_mint',
  'base_token_program',
  'quote_token_program',
  'event_authority',
  'program',
] as const;

/**
 * Raydium LaunchLab (`raydium_launchpad` IDL 0.2.0; instruction discriminators and account order agree
 * with `@raydium-io/raydium-sdk-v2` `src/raydium/launchpad/instrument.ts`).
 */
export const LAUNCHLAB_IDL = {
  programId: PROGRAMS.launchlab,
  events: {
    ClaimVestedEvent: { discriminator: '15c2725778d3e220' },
    CreateVestingEvent: { discriminator: '96980bb334d2bf7d' },
    PoolCreateEvent: {
      discriminator: '97d7e20976a173ae',
      layout: {
        fields: [
          ['pool_state', 'pubkey'],
          ['creator', 'pubkey'],
          ['config', 'pubkey'],
          ['base_mint_param', { struct: mintParams }],
          ['curve_param', curveParams],
          ['vesting_param', vestingParams],
        ],
        tail: [['amm_fee_on', ammCreatorFeeOn]],
      },
    },
    TradeEvent: {
      discriminator: 'bddb7fd34ee661ee',
      layout: {
        fields: [
          ['pool_state', 'pubkey'],
          ['total_base_sell', 'u64'],
          ['virtual_base', 'u64'],
          ['virtual_quote', 'u64'],
          ['real_base_before', 'u64'],
          ['real_quote_before', 'u64'],
          ['real_base_after', 'u64'],
          ['real_quote_after', 'u64'],
          ['amount_in', 'u64'],
          ['amount_out', 'u64'],
          ['protocol_fee', 'u64'],
          ['platform_fee', 'u64'],
          ['creator_fee', 'u64'],
          ['share_fee', 'u64'],
          [
            'trade_direction',
            {
              enum: [
                ['Buy', []],
                ['Sell', []],
              ],
            },
          ],
          [
            'pool_status',
            {
              enum: [
                ['Fund', []],
                ['Migrate', []],
                ['Trade', []],
              ],
            },
          ],
          ['exact_in', 'bool'],
        ],
        tail: [],
      },
    },
  },
  instructions: {
    buy_exact_in: {
      discriminator: 'faea0d7bd59c13ec',
      layout: {
        fields: [
          ['amount_in', 'u64'],
          ['minimum_amount_out', 'u64'],
          ['share_fee_rate', 'u64'],
        ],
        tail: [],
      },
      accounts: tradeAccounts,
    },
    buy_exact_out: {
      discriminator: '18d3742869039938',
      layout: {
        fields: [
          ['amount_out', 'u64'],
          ['maximum_amount_in', 'u64'],
          ['share_fee_rate', 'u64'],
        ],
        tail: [],
      },
      accounts: tradeAccounts,
    },
    initialize: {
      discriminator: 'afaf6d1f0d989bed',
      layout: { fields: initializeFields, tail: [] },
      accounts: initializeAccounts,
    },
    initialize_v2: {
      discriminator: '4399af27da102620',
      layout: { fields: initializeFields, tail: [['amm_fee_on', ammCreatorFeeOn]] },
      accounts: initializeAccounts,
    },
    initialize_with_token_2022: {
      discriminator: '25be7ede2c9aab11',
      layout: {
        fields: initializeFields,
        tail: [
          ['amm_fee_on', ammCreatorFeeOn],
          [
            'transfer_fee_extension_param',
            {
              option: {
                struct: [
                  ['transfer_fee_basis_points', 'u16'],
                  ['maximum_fee', 'u64'],
                ],
              },
            },
          ],
        ],
      },
      accounts: initializeAccounts,
    },
    migrate_to_amm: {
      discriminator: 'cf52c091fecf91df',
      layout: {
        fields: [
          ['base_lot_size', 'u64'],
          ['quote_lot_size', 'u64'],
          ['market_vault_signer_nonce', 'u8'],
        ],
        tail: [],
      },
      accounts: [
        'payer',
        'base_mint',
        'quote_mint',
        'openbook_program',
        'market',
        'request_queue',
        'event_queue',
        'bids',
        'asks',
        'market_vault_signer',
        'market_base_vault',
        'market_quote_vault',
        'amm_program',
        'amm_pool',
        'amm_authority',
        'amm_open_orders',
        'amm_lp_mint',
        'amm_base_vault',
        'amm_quote_vault',
        'amm_target_orders',
        'amm_config',
        'amm_create_fee_destination',
        'authority',
        'pool_state',
        'global_config',
        'base_vault',
        'quote_vault',
        'pool_lp_token',
      ],
    },
    migrate_to_cpswap: {
      discriminator: '885cc8671cda908c',
      layout: { fields: [], tail: [] },
      accounts: [
        'payer',
        'base_mint',
        'quote_mint',
        'platform_config',
        'cpswap_program',
        'cpswap_pool',
        'cpswap_authority',
        'cpswap_lp_mint',
        'cpswap_base_vault',
        'cpswap_quote_vault',
        'cpswap_config',
        'cpswap_create_pool_fee',
        'cpswap_observation',
        'lock_program',
        'lock_authority',
        'lock_lp_vault',
        'authority',
        'pool_state',
        'global_config',
        'base_vault',
        'quote_vault',
        'pool_lp_token',
      ],
    },
    sell_exact_in: {
      discriminator: '9527de9bd37c981a',
      layout: {
        fields: [
          ['amount_in', 'u64'],
          ['minimum_amount_out', 'u64'],
          ['share_fee_rate', 'u64'],
        ],
        tail: [],
      },
      accounts: tradeAccounts,
    },
    sell_exact_out: {
      discriminator: '5fc8472208090ba6',
      layout: {
        fields: [
          ['amount_out', 'u64'],
          ['maximum_amount_in', 'u64'],
          ['share_fee_rate', 'u64'],
        ],
        tail: [],
      },
      accounts: tradeAccounts,
    },
  },
  accounts: {
    GlobalConfig: { discriminator: '95089ccaa0fcb0d9' },
    PlatformConfig: { discriminator: 'a04e8000f853e6a0' },
    PoolState: { discriminator: 'f7ede3f5d7c3de46' },
    VestingRecord: { discriminator: '6af3ddcde67e5553' },
  },
} as const satisfies ProgramIdl;
