import type { Decoded, Layout } from './decode-layout.js';

/** An Anchor event, instruction or account of an IDL: its 8-byte discriminator (hex) and, when we read it, its layout. */
export interface IdlEntry {
  readonly discriminator: string;
  readonly layout?: Layout;
  /** Account names of an instruction, in order, as the IDL lists them. */
  readonly accounts?: readonly string[];
}

/** A small typed table derived from a program's official IDL. */
export interface ProgramIdl {
  readonly programId: string;
  readonly events: Readonly<Record<string, IdlEntry>>;
  readonly instructions: Readonly<Record<string, IdlEntry>>;
  readonly accounts: Readonly<Record<string, IdlEntry>>;
}

type Section = 'events' | 'instructions' | 'accounts';

type ValueOfEntry<E> = E extends { readonly layout: infer L extends Layout } ? Decoded<L> : null;

type AccountsOfEntry<E> = E extends { readonly accounts: infer A extends readonly string[] }
  ? { readonly [K in A[number]]?: string }
  : Readonly<Record<string, string>>;

/** A decoded record of one section of an IDL, discriminated by `name`. */
export type RecordOf<I extends ProgramIdl, S extends Section> = {
  [K in keyof I[S] & string]: { readonly name: K; readonly fields: ValueOfEntry<I[S][K]> };
}[keyof I[S] & string];

/** A decoded instruction: its arguments and its accounts by IDL name. */
export type InstructionOf<I extends ProgramIdl> = {
  [K in keyof I['instructions'] & string]: {
    readonly name: K;
    readonly fields: ValueOfEntry<I['instructions'][K]>;
    readonly accounts: AccountsOfEntry<I['instructions'][K]>;
  };
}[keyof I['instructions'] & string];
