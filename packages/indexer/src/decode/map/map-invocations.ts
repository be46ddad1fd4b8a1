import type { ChainEvent, EventHeader, MigrationEvent } from '../../events/chain-event.js';
import { PROGRAMS } from '../../events/programs.js';
import type { DecodeWarning, DecodeWarningCode } from '../decode-warning.js';
import type { DecodedRecord } from '../decoded-record.js';
import { decodeBase58 } from '../encoding/decode-base58.js';
import { type AmmV4Instruction, decodeAmmV4Instruction } from '../instructions/decode-amm-v4-instruction.js';
import { decodeProgramInstruction } from '../instructions/decode-program-instruction.js';
import { decodeTokenInstruction, type TokenInstruction } from '../instructions/decode-token-instruction.js';
import type { DecodedEvent, DecodedInstruction } from '../layout/anchor-programs.js';
import type { TokenAccount } from '../normalize-transaction.js';
import type { Invocation } from './invocation.js';
import { mapAmmV4 } from './map-amm-v4.js';
import { mapCpmm } from './map-cpmm.js';
import { mapLaunchLab } from './map-launchlab.js';
import { mapPump } from './map-pump.js';
import { mapPumpSwap } from './map-pump-swap.js';
import { mapSystem } from './map-system.js';
import { mapToken } from './map-token.js';
import { num } from './map-values.js';

/** The longest token instruction mapped here, InitializeMint, is 67 bytes: at most 92 base58 characters. */
const MAX_TOKEN_MAPPED_BASE58 = 92;

type MapInvocation = (m: InvocationMapper, i: number, inv: Invocation) => void;

/** The mapper of each program (a switch compared the id string case by case). */
const MAPPERS = new Map<string, MapInvocation>([
  [PROGRAMS.pumpfun, mapPump],
  [PROGRAMS.pumpswap, mapPumpSwap],
  [PROGRAMS.launchlab, mapLaunchLab],
  [PROGRAMS.raydiumAmmV4, mapAmmV4],
  [PROGRAMS.raydiumCpmm, mapCpmm],
  [PROGRAMS.splToken, mapToken],
  [PROGRAMS.token2022, mapToken],
  [PROGRAMS.system, mapSystem],
]);

/**
 * A log frame with no data, events or ray logs, which every mapper passes over. Most frames of a log
 * notification are such; skipping them spares hashing each frame's freshly sliced program id.
 */
const isBare = (inv: Invocation): boolean =>
  inv.data === null && inv.parsed === null && inv.events.length === 0 && inv.rayLogs.length === 0;

/** The fields of one decoded event of one program, by name. */
export type EventFields<P, N> = NonNullable<Extract<DecodedEvent, { program: P; name: N }>['fields']>;

/**
 * Turns invocations into ChainEvents and typed records; one instance per transaction. The per-program
 * rules live in `map-*.ts`; this class holds the transaction's shared state and lookups.
 */
export class InvocationMapper {
  readonly events: ChainEvent[] = [];
  readonly records: DecodedRecord[] = [];
  readonly warnings: DecodeWarning[] = [];
  readonly consumed = new Set<number>();
  /** Decoded instruction data by invocation; undefined until asked for. */
  private readonly bytes: (Uint8Array | null | undefined)[] = [];
  private burnedMints: Set<string> | null = null;

  constructor(
    readonly invocations: readonly Invocation[],
    readonly header: EventHeader,
    readonly tokenAccounts: ReadonlyMap<string, TokenAccount>,
  ) {}

  /** Maps every invocation in order. */
  run(): this {
    for (let i = 0; i < this.invocations.length; i++) {
      const inv = this.invocations[i]!;
      if (inv.carrier || isBare(inv)) continue;
      MAPPERS.get(inv.programId)?.(this, i, inv);
    }
    return this;
  }

  warn(code: DecodeWarningCode, program: string | null, detail: string): void {
    this.warnings.push({ code, signature: this.header.signature, program, detail });
  }

  data(i: number): Uint8Array | null {
    const known = this.bytes[i];
    if (known !== undefined) return known;
    const inv = this.invocations[i]!;
    let out: Uint8Array | null = null;
    if (inv.data !== null) {
      out = decodeBase58(inv.data);
      if (out === null) this.warn('bad_base58', inv.programId, `instruction ${i} data`);
    }
    this.bytes[i] = out;
    return out;
  }

  instruction<P extends DecodedInstruction['program']>(
    i: number,
    program: P,
  ): Extract<DecodedInstruction, { program: P }> | null {
    const inv = this.invocations[i]!;
    const data = this.data(i);
    if (data === null) return null;
    const out = decodeProgramInstruction(inv.programId, data, inv.accounts);
    if (!out.ok) {
      this.warn(out.code, inv.programId, `instruction ${i}: ${out.detail}`);
      return null;
    }
    this.records.push({ kind: 'instruction', invocation: i, instruction: out.value });
    return out.value.program === program ? (out.value as Extract<DecodedInstruction, { program: P }>) : null;
  }

  recordEvents(i: number, inv: Invocation): void {
    for (const { event, source } of inv.events)
      this.records.push({ kind: 'event', invocation: i, source, event });
  }

  eventsOf<P extends DecodedEvent['program'], N extends Extract<DecodedEvent, { program: P }>['name']>(
    inv: Invocation,
    program: P,
    name: N,
  ): EventFields<P, N>[] {
    const out: EventFields<P, N>[] = [];
    for (const { event } of inv.events) {
      if (event.program === program && event.name === name && event.fields !== null) {
        out.push(event.fields as EventFields<P, N>);
      }
    }
    return out;
  }

  childPoolCreates(inv: Invocation): EventFields<'pumpswap', 'CreatePoolEvent'>[] {
    return inv.children.flatMap((c) => this.eventsOf(this.invocations[c]!, 'pumpswap', 'CreatePoolEvent'));
  }

  private lpState(lpMint: string | undefined): MigrationEvent['lp_state'] {
    if (this.burnedMints === null) {
      this.burnedMints = new Set();
      for (let i = 0; i < this.invocations.length; i++) {
        const inv = this.invocations[i]!;
        if (inv.programId !== PROGRAMS.splToken && inv.programId !== PROGRAMS.token2022) continue;
        const ix = this.tokenIx(i, inv);
        if (ix?.type === 'burn' && ix.mint !== null) this.burnedMints.add(ix.mint);
      }
    }
    return lpMint !== undefined && this.burnedMints.has(lpMint) ? 'burned' : null;
  }

  migration(
    mint: string,
    pool: string,
    venue: MigrationEvent['venue'],
    sol: bigint,
    token: bigint,
    lpMint: string | undefined,
  ): MigrationEvent {
    return {
      kind: 'migration',
      ...this.header,
      mint,
      pool,
      venue,
      sol_lamports: num(sol),
      token_raw: num(token),
      lp_state: this.lpState(lpMint),
    };
  }

  ammV4Instruction(i: number): AmmV4Instruction | null {
    const data = this.data(i);
    if (data === null) return null;
    const out = decodeAmmV4Instruction(data, this.invocations[i]!.accounts);
    if (!out.ok) {
      this.warn(out.code, PROGRAMS.raydiumAmmV4, `instruction ${i}: ${out.detail}`);
      return null;
    }
    this.records.push({ kind: 'amm_v4_instruction', invocation: i, instruction: out.value });
    return out.value;
  }

  /** The token transfers into and out of two pool vaults among an invocation's children. */
  vaultFlow(
    inv: Invocation,
    vaultA: string,
    vaultB: string,
  ): { coinIn: boolean; amountIn: bigint; amountOut: bigint } | null {
    let intoA = 0n;
    let intoB = 0n;
    let outOfA = 0n;
    let outOfB = 0n;
    for (const c of inv.children) {
      const child = this.invocations[c]!;
      if (child.programId !== PROGRAMS.splToken && child.programId !== PROGRAMS.token2022) continue;
      const ix = this.tokenIx(c, child);
      if (ix?.type !== 'transfer') continue;
      if (ix.destination === vaultA) intoA += ix.amount;
      if (ix.destination === vaultB) intoB += ix.amount;
      if (ix.source === vaultA) outOfA += ix.amount;
      if (ix.source === vaultB) outOfB += ix.amount;
    }
    if (intoA > 0n && outOfB > 0n) return { coinIn: true, amountIn: intoA, amountOut: outOfB };
    if (intoB > 0n && outOfA > 0n) return { coinIn: false, amountIn: intoB, amountOut: outOfA };
    return null;
  }

  private readonly tokenCache: (TokenInstruction | null | undefined)[] = [];

  tokenIx(i: number, inv: Invocation): TokenInstruction | null {
    const known = this.tokenCache[i];
    if (known !== undefined) return known;
    let out: TokenInstruction | null = null;
    if (inv.parsed !== null) out = decodeTokenInstruction({ parsed: inv.parsed });
    else if (inv.data !== null && inv.data.length <= MAX_TOKEN_MAPPED_BASE58) {
      const data = this.data(i);
      if (data !== null) out = decodeTokenInstruction({ data, accounts: inv.accounts });
    } else if (inv.data !== null) out = { type: 'other' };
    this.tokenCache[i] = out;
    return out;
  }
}
