import {
  BlockOrder,
  type ChainEvent,
  captureHolders,
  decodeProgramAccount,
  decodeTransaction,
  fetchTransaction,
  listSignatures,
  PROGRAMS,
  type RpcClient,
} from '@launchlens/indexer';
import { address, getAddressEncoder, getProgramDerivedAddress, isOffCurveAddress } from '@solana/kit';
import { z } from 'zod';
import type { ChainReader, CurveState, LiveHolders, TokenState } from './chain-reader.js';

export interface RpcChainReaderOptions {
  readonly client: RpcClient;
  readonly now: () => number;
  /** Most curve transactions analyze reads (default 2000). */
  readonly maxCurveTransactions?: number;
}

const MintAccount = z.object({
  value: z
    .object({
      owner: z.string(),
      data: z.object({
        parsed: z.object({
          type: z.literal('mint'),
          info: z.object({ supply: z.string(), decimals: z.number() }),
        }),
      }),
    })
    .nullable(),
});
const RawAccount = z.object({
  value: z.object({ owner: z.string(), data: z.tuple([z.string(), z.literal('base64')]) }).nullable(),
});

/** The pump.fun bonding-curve account of a mint: PDA of ["bonding-curve", mint] under the pump program. */
export async function pumpCurveAddress(mint: string): Promise<string> {
  const [pda] = await getProgramDerivedAddress({
    programAddress: address(PROGRAMS.pumpfun),
    seeds: ['bonding-curve', getAddressEncoder().encode(address(mint))],
  });
  return pda;
}

/**
 * The real chain over Solana JSON-RPC (DESIGN §7). Token state: the mint account (`getAccountInfo`
 * jsonParsed) and the pump.fun bonding-curve account decoded with the indexer's IDL decoder
 * (`complete` = migrated). Holders: every token account via `getProgramAccounts` with a mint
 * filter, falling back to `getTokenLargestAccounts` (top 20) when the node refuses; owners that
 * are off-curve addresses (curve, pool and vault PDAs) are not holders. LaunchLab curves are not
 * decoded yet: such a mint reads as `unknown`. Pools are not read: exit quotes go to the
 * aggregator.
 */
export function createRpcChainReader(options: RpcChainReaderOptions): ChainReader {
  const { client } = options;

  const readCurve = async (mint: string): Promise<CurveState | null> => {
    const curve = await pumpCurveAddress(mint);
    const raw = RawAccount.safeParse(
      await client.call('getAccountInfo', [curve, { encoding: 'base64', commitment: 'confirmed' }]),
    );
    if (!raw.success || raw.data.value === null) return null;
    const decoded = decodeProgramAccount(raw.data.value.owner, Buffer.from(raw.data.value.data[0], 'base64'));
    if (!decoded.ok || decoded.value.name !== 'BondingCurve') return null;
    const f = decoded.value.fields as Record<string, unknown>;
    const virtualSol = Number(f.virtual_quote_reserves ?? f.virtual_sol_reserves);
    const realSol = Number(f.real_quote_reserves ?? f.real_sol_reserves);
    return {
      virtual_sol_lamports: virtualSol,
      virtual_token_raw: Number(f.virtual_token_reserves),
      real_sol_lamports: realSol,
      complete: f.complete === true,
    };
  };

  const tokenState = async (mint: string): Promise<TokenState> => {
    const at = options.now();
    const parsed = MintAccount.safeParse(
      await client.call('getAccountInfo', [mint, { encoding: 'jsonParsed', commitment: 'confirmed' }]),
    );
    if (!parsed.success || parsed.data.value === null) {
      return { kind: 'unknown', mint, at, reason: 'no mint account at this address' };
    }
    const info = parsed.data.value.data.parsed.info;
    const supply_raw = Number(info.supply);
    const curve = await readCurve(mint);
    if (curve === null) {
      return { kind: 'unknown', mint, at, reason: 'no pump.fun bonding curve for this mint' };
    }
    if (curve.complete)
      return { kind: 'migrated', mint, at, supply_raw, decimals: info.decimals, pool: null };
    return { kind: 'curve', mint, at, platform: 'pumpfun', supply_raw, decimals: info.decimals, curve };
  };

  return {
    source: 'rpc',
    tokenState,
    async holders(mint): Promise<LiveHolders | null> {
      let capture = await captureHolders(client, mint, 'program_accounts').catch(() => null);
      if (capture === null || capture.kind === 'unavailable')
        capture = await captureHolders(client, mint, 'largest');
      if (capture.kind === 'unavailable') return null;
      const byOwner = new Map<string, number>();
      for (const h of capture.holdings) {
        if (h.amount_raw <= 0 || isOffCurveAddress(address(h.owner))) continue;
        byOwner.set(h.owner, (byOwner.get(h.owner) ?? 0) + h.amount_raw);
      }
      return {
        mint,
        at: options.now(),
        supply_raw: capture.supply_raw,
        holdings: [...byOwner].map(([wallet, token_raw]) => ({ wallet, token_raw })),
        complete: capture.method === 'program_accounts',
        method:
          capture.method === 'program_accounts'
            ? 'every token account of the mint (getProgramAccounts), owners that are program addresses excluded'
            : 'the 20 largest token accounts (getTokenLargestAccounts); smaller holders are not seen',
      };
    },
    async curveEvents(mint) {
      const state = await tokenState(mint);
      if (state.kind !== 'curve') return null;
      const curve = await pumpCurveAddress(mint);
      const max = options.maxCurveTransactions ?? 2000;
      const list = await listSignatures(client, curve, {
        maxPages: Math.ceil(max / 1000),
        limit: Math.min(1000, max),
      });
      const events: ChainEvent[] = [];
      // Bundles are told from snipers by the position in the block: read it (getBlock) for the
      // slots that hold more than one of the curve's transactions.
      const perSlot = new Map<number, number>();
      for (const s of list.signatures) perSlot.set(s.slot, (perSlot.get(s.slot) ?? 0) + 1);
      const order = new BlockOrder(client);
      for (const s of [...list.signatures].reverse()) {
        if (s.err) continue;
        const fetched = await fetchTransaction(client, s.signature);
        if (fetched.kind !== 'found') continue;
        const txIndex = (perSlot.get(s.slot) ?? 0) > 1 ? await order.txIndex(s.slot, s.signature) : null;
        for (const e of decodeTransaction(fetched.tx, { tx_index: txIndex ?? 0 }).events) {
          if (!('mint' in e) || e.mint === mint) events.push(e);
        }
      }
      return events;
    },
    async solUsd() {
      return null;
    },
  };
}
