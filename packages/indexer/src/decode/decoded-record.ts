import type { CreateEvent, CurveTradeEvent } from '../events/chain-event.js';
import type { AmmV4Instruction } from './instructions/decode-amm-v4-instruction.js';
import type { DecodedEvent, DecodedInstruction } from './layout/anchor-programs.js';
import type { RayLog } from './logs/decode-ray-log.js';

/** A decoded program record kept beside the ChainEvents, tied to its invocation (flat instruction / log frame index). */
export type DecodedRecord =
  | {
      readonly kind: 'event';
      readonly invocation: number;
      readonly source: 'log' | 'cpi';
      readonly event: DecodedEvent;
    }
  | { readonly kind: 'instruction'; readonly invocation: number; readonly instruction: DecodedInstruction }
  | {
      readonly kind: 'amm_v4_instruction';
      readonly invocation: number;
      readonly instruction: AmmV4Instruction;
    }
  | { readonly kind: 'ray_log'; readonly invocation: number; readonly log: RayLog }
  | {
      /** A LaunchLab launch or trade on a platform other than letsbonk (or not quoted in SOL): decoded, not ours. */
      readonly kind: 'foreign_launchlab';
      readonly invocation: number;
      readonly platform_config: string;
      readonly quote_mint: string;
      readonly event: Omit<CreateEvent, 'platform'> | CurveTradeEvent;
    };
