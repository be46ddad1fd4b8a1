import bs58 from 'bs58';

type Json = Record<string, unknown>;

const u32 = (v: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(v);
  return [...b];
};
const u64 = (v: number | string) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(BigInt(v));
  return [...b];
};
const key = (v: unknown) => [...bs58.decode(v as string)];
const optionKey = (v: unknown) => (typeof v === 'string' ? [1, ...key(v)] : [0, ...new Array(32).fill(0)]);

/**
 * Raw data and account order of the parsed instruction types that occur in the fixtures, per the System
 * program and SPL Token / ATA / Memo instruction layouts. Throws on a type it does not know.
 */
function encodeParsed(program: string, type: string, info: Json): { data: number[]; accounts: unknown[] } {
  switch (`${program}.${type}`) {
    case 'system.transfer':
      return {
        data: [...u32(2), ...u64(info.lamports as number)],
        accounts: [info.source, info.destination],
      };
    case 'system.createAccount':
      return {
        data: [...u32(0), ...u64(info.lamports as number), ...u64(info.space as number), ...key(info.owner)],
        accounts: [info.source, info.newAccount],
      };
    case 'system.createAccountWithSeed': {
      const seed = Buffer.from(info.seed as string, 'utf8');
      return {
        data: [
          ...u32(3),
          ...key(info.base),
          ...u64(seed.length),
          ...seed,
          ...u64(info.lamports as number),
          ...u64(info.space as number),
          ...key(info.owner),
        ],
        accounts: [info.source, info.newAccount, info.base],
      };
    }
    case 'system.allocate':
      return { data: [...u32(8), ...u64(info.space as number)], accounts: [info.account] };
    case 'system.assign':
      return { data: [...u32(1), ...key(info.owner)], accounts: [info.account] };
    case 'spl-token.initializeAccount':
      return { data: [1], accounts: [info.account, info.mint, info.owner, info.rentSysvar] };
    case 'spl-token.initializeAccount3':
      return { data: [18, ...key(info.owner)], accounts: [info.account, info.mint] };
    case 'spl-token.transfer':
      return {
        data: [3, ...u64(info.amount as string)],
        accounts: [info.source, info.destination, info.authority],
      };
    case 'spl-token.transferChecked': {
      const amount = info.tokenAmount as Json;
      return {
        data: [12, ...u64(amount.amount as string), amount.decimals as number],
        accounts: [info.source, info.mint, info.destination, info.authority],
      };
    }
    case 'spl-token.closeAccount':
      return { data: [9], accounts: [info.account, info.destination, info.owner] };
    case 'spl-token.syncNative':
      return { data: [17], accounts: [info.account] };
    case 'spl-token.initializeMint':
      return {
        data: [0, info.decimals as number, ...key(info.mintAuthority), ...optionKey(info.freezeAuthority)],
        accounts: [info.mint, info.rentSysvar],
      };
    case 'spl-token.mintTo':
      return {
        data: [7, ...u64(info.amount as string)],
        accounts: [info.mint, info.account, info.mintAuthority],
      };
    case 'spl-token.getAccountDataSize':
      return { data: [21], accounts: [info.mint] };
    case 'spl-token.initializeImmutableOwner':
      return { data: [22], accounts: [info.account] };
    case 'spl-associated-token-account.create':
      return {
        data: [],
        accounts: [info.source, info.account, info.wallet, info.mint, info.systemProgram, info.tokenProgram],
      };
    default:
      throw new Error(`no raw encoding for ${program}.${type}`);
  }
}

/**
 * Test-only: rewrites a `jsonParsed` getTransaction result (or transactionNotification result) into the
 * `json` encoding the node would have sent: string account keys, lookup-table keys moved to
 * `meta.loadedAddresses`, every instruction compiled to indexes and base58 data.
 */
export function toJsonEncoding<T>(parsedTx: T): T {
  const root = structuredClone(parsedTx) as Json;
  const inner = (root.transaction as Json).transaction === undefined ? root : (root.transaction as Json);
  const body = inner.transaction as Json;
  const meta = inner.meta as Json;
  const message = body.message as Json;
  const entries = message.accountKeys as { pubkey: string; writable: boolean; source?: string }[];
  const statics = entries.filter((k) => k.source !== 'lookupTable').map((k) => k.pubkey);
  const writable = entries.filter((k) => k.source === 'lookupTable' && k.writable).map((k) => k.pubkey);
  const readonly = entries.filter((k) => k.source === 'lookupTable' && !k.writable).map((k) => k.pubkey);
  const keys = [...statics, ...writable, ...readonly];
  const indexOf = (pubkey: unknown) => {
    const i = keys.indexOf(pubkey as string);
    if (i < 0) throw new Error(`account ${String(pubkey)} is not in the key list`);
    return i;
  };
  const compile = (ix: Json) => {
    const programIdIndex = indexOf(ix.programId);
    if ('parsed' in ix) {
      const parsed = ix.parsed;
      const raw =
        typeof parsed === 'string'
          ? { data: [...Buffer.from(parsed, 'utf8')], accounts: [] }
          : encodeParsed(
              ix.program as string,
              (parsed as Json).type as string,
              (parsed as Json).info as Json,
            );
      return {
        programIdIndex,
        accounts: raw.accounts.map(indexOf),
        data: bs58.encode(Uint8Array.from(raw.data)),
        stackHeight: ix.stackHeight ?? null,
      };
    }
    return {
      programIdIndex,
      accounts: (ix.accounts as string[]).map(indexOf),
      data: ix.data,
      stackHeight: ix.stackHeight ?? null,
    };
  };
  message.accountKeys = statics;
  message.instructions = (message.instructions as Json[]).map(compile);
  meta.innerInstructions = (meta.innerInstructions as { index: number; instructions: Json[] }[]).map(
    (group) => ({
      index: group.index,
      instructions: group.instructions.map(compile),
    }),
  );
  meta.loadedAddresses = { writable, readonly };
  return root as T;
}
