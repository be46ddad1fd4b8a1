import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';
import type { RpcTransaction } from '../../src/decode/rpc-transaction.js';

/** A recorded transaction: where it sits on chain and the `getTransaction` result served for it. */
export interface ReplayTx {
  readonly signature: string;
  readonly slot: number;
  readonly txIndex: number;
  readonly result: RpcTransaction;
  /** Logs sent in notifications (default: `meta.logMessages`). */
  readonly logs?: readonly string[];
}

/** A parsed account as `getAccountInfo` jsonParsed answers it (mints and token accounts). */
export interface ReplayAccount {
  readonly address: string;
  /** Owning program. */
  readonly program: string;
  readonly parsed:
    | { readonly type: 'mint'; readonly info: { readonly supply: string; readonly decimals: number } }
    | {
        readonly type: 'account';
        readonly info: {
          readonly mint: string;
          readonly owner: string;
          readonly tokenAmount: { readonly amount: string };
        };
      };
}

export interface ReplayLedger {
  readonly transactions: readonly ReplayTx[];
  readonly accounts: readonly ReplayAccount[];
}

/** What the server does instead of answering a call. */
export type ReplayFault =
  | { readonly kind: 'http'; readonly status: number; readonly retryAfterS?: number }
  | { readonly kind: 'rpc_error'; readonly code: number; readonly message: string }
  | { readonly kind: 'garbage_body' }
  | { readonly kind: 'result'; readonly result: unknown };

export interface ReplayServer {
  readonly rpcUrl: string;
  readonly wsUrl: string;
  /** Calls answered or faulted, by method. */
  readonly calls: Record<string, number>;
  /** Faults the next `times` calls of `method` (`*`: any method). */
  fault(method: string, fault: ReplayFault, times?: number): void;
  /** Live subscriptions over all sockets. */
  subscriptions(): number;
  /** Resolves once at least `n` subscriptions are live. */
  waitForSubscriptions(n: number): Promise<void>;
  /** Notifies every subscription whose address a transaction mentions, for the given signatures in ledger order. */
  play(signatures?: readonly string[]): number;
  /** Sends a notification to subscribers of `address` for a transaction that is not in the ledger. */
  notify(
    address: string,
    value: { signature: string; slot: number; logs: readonly string[]; err?: unknown },
  ): number;
  /** Sends a raw text frame to every socket. */
  sendRaw(text: string): void;
  /** Closes every open socket (the clients see a dropped connection). */
  dropSockets(): void;
  close(): Promise<void>;
}

const keyOf = (k: string | { readonly pubkey: string }) => (typeof k === 'string' ? k : k.pubkey);

function mentions(tx: ReplayTx): Set<string> {
  const set = new Set(tx.result.transaction.message.accountKeys.map(keyOf));
  const loaded = tx.result.meta?.loadedAddresses;
  for (const k of [...(loaded?.writable ?? []), ...(loaded?.readonly ?? [])]) set.add(k);
  return set;
}

/** A loopback Solana JSON-RPC + websocket server that answers from a recorded ledger. */
export async function startReplayServer(ledger: ReplayLedger): Promise<ReplayServer> {
  const txs = [...ledger.transactions].sort((a, b) => a.slot - b.slot || a.txIndex - b.txIndex);
  const bySignature = new Map(txs.map((t) => [t.signature, t]));
  const mentioned = new Map(txs.map((t) => [t.signature, mentions(t)]));
  const accounts = new Map(ledger.accounts.map((a) => [a.address, a]));
  const headSlot = txs.reduce((m, t) => Math.max(m, t.slot), 0) + 10;
  const calls: Record<string, number> = {};
  const faults: { method: string; fault: ReplayFault; left: number }[] = [];

  const context = { slot: headSlot, apiVersion: '2.2.0' };
  const accountValue = (a: ReplayAccount | undefined) =>
    a === undefined
      ? null
      : {
          owner: a.program,
          lamports: 2_039_280,
          executable: false,
          rentEpoch: 0,
          space: a.parsed.type === 'mint' ? 82 : 165,
          data: { program: 'spl-token', parsed: a.parsed, space: a.parsed.type === 'mint' ? 82 : 165 },
        };

  const methods: Record<string, (params: unknown[]) => unknown> = {
    getTransaction([signature]) {
      const t = bySignature.get(signature as string);
      return t === undefined ? null : { ...t.result, slot: t.slot };
    },
    getSignaturesForAddress([address, config]) {
      const c = (config ?? {}) as { limit?: number; before?: string; until?: string };
      const newest = txs.filter((t) => mentioned.get(t.signature)!.has(address as string)).reverse();
      let start = 0;
      if (c.before !== undefined) start = newest.findIndex((t) => t.signature === c.before) + 1;
      let end = newest.length;
      if (c.until !== undefined) {
        const at = newest.findIndex((t) => t.signature === c.until);
        if (at >= 0) end = at;
      }
      return newest.slice(start, Math.min(end, start + (c.limit ?? 1000))).map((t) => ({
        signature: t.signature,
        slot: t.slot,
        err: t.result.meta?.err ?? null,
        memo: null,
        blockTime: t.result.blockTime ?? null,
        confirmationStatus: 'finalized',
      }));
    },
    getBlock([slot]) {
      const inSlot = txs.filter((t) => t.slot === slot);
      if (inSlot.length === 0)
        throw { code: -32007, message: `Slot ${slot} was skipped, or missing in long-term storage` };
      const size = Math.max(...inSlot.map((t) => t.txIndex)) + 1;
      const signatures = Array.from({ length: size }, (_, i) => `filler-${slot}-${i}`);
      for (const t of inSlot) signatures[t.txIndex] = t.signature;
      return {
        blockhash: `hash-${slot}`,
        previousBlockhash: `hash-${(slot as number) - 1}`,
        parentSlot: (slot as number) - 1,
        blockTime: inSlot[0]!.result.blockTime ?? null,
        blockHeight: slot,
        signatures,
      };
    },
    getAccountInfo([address]) {
      return { context, value: accountValue(accounts.get(address as string)) };
    },
    getMultipleAccounts([addresses]) {
      return { context, value: (addresses as string[]).map((a) => accountValue(accounts.get(a))) };
    },
    getTokenLargestAccounts([mint]) {
      const mintAccount = accounts.get(mint as string);
      if (mintAccount?.parsed.type !== 'mint')
        throw { code: -32602, message: 'Invalid param: not a Token mint' };
      const { decimals } = mintAccount.parsed.info;
      const held = tokenAccountsOf(mint as string)
        .sort((a, b) => Number(BigInt(b.amount) - BigInt(a.amount)))
        .slice(0, 20);
      return {
        context,
        value: held.map((h) => ({
          address: h.address,
          amount: h.amount,
          decimals,
        })),
      };
    },
    getProgramAccounts([program, config]) {
      const c = (config ?? {}) as {
        filters?: { memcmp?: { offset: number; bytes: string } }[];
        withContext?: boolean;
      };
      const mint = c.filters?.find((f) => f.memcmp?.offset === 0)?.memcmp?.bytes;
      const value = ledger.accounts
        .filter(
          (a) =>
            a.program === program &&
            a.parsed.type === 'account' &&
            (mint === undefined || a.parsed.info.mint === mint),
        )
        .map((a) => ({ pubkey: a.address, account: accountValue(a) }));
      return c.withContext ? { context, value } : value;
    },
    getSlot() {
      return headSlot;
    },
  };

  function tokenAccountsOf(mint: string) {
    const out: { address: string; amount: string }[] = [];
    for (const a of ledger.accounts) {
      if (a.parsed.type === 'account' && a.parsed.info.mint === mint)
        out.push({ address: a.address, amount: a.parsed.info.tokenAmount.amount });
    }
    return out;
  }

  const takeFault = (method: string): ReplayFault | null => {
    const i = faults.findIndex((f) => (f.method === method || f.method === '*') && f.left > 0);
    if (i < 0) return null;
    const f = faults[i]!;
    f.left--;
    if (f.left === 0) faults.splice(i, 1);
    return f.fault;
  };

  const answer = (
    res: ServerResponse,
    status: number,
    body: string,
    headers: Record<string, string> = {},
  ) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(body);
  };

  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let request: { id?: unknown; method?: string; params?: unknown[] };
      try {
        request = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        answer(
          res,
          400,
          JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }),
        );
        return;
      }
      const method = request.method ?? '';
      calls[method] = (calls[method] ?? 0) + 1;
      const id = request.id ?? null;
      const fault = takeFault(method);
      if (fault?.kind === 'http') {
        const headers: Record<string, string> =
          fault.retryAfterS === undefined ? {} : { 'retry-after': String(fault.retryAfterS) };
        answer(
          res,
          fault.status,
          JSON.stringify({ jsonrpc: '2.0', id, error: { code: fault.status, message: 'fault' } }),
          headers,
        );
        return;
      }
      if (fault?.kind === 'garbage_body') {
        answer(res, 200, '<html>upstream hiccup</html>');
        return;
      }
      if (fault?.kind === 'rpc_error') {
        answer(
          res,
          200,
          JSON.stringify({ jsonrpc: '2.0', id, error: { code: fault.code, message: fault.message } }),
        );
        return;
      }
      if (fault?.kind === 'result') {
        answer(res, 200, JSON.stringify({ jsonrpc: '2.0', id, result: fault.result }));
        return;
      }
      const handler = methods[method];
      if (handler === undefined) {
        answer(
          res,
          200,
          JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } }),
        );
        return;
      }
      try {
        answer(res, 200, JSON.stringify({ jsonrpc: '2.0', id, result: handler(request.params ?? []) }));
      } catch (e) {
        const error = e as { code?: number; message?: string };
        answer(
          res,
          200,
          JSON.stringify({
            jsonrpc: '2.0',
            id,
            error: { code: error.code ?? -32603, message: error.message ?? 'error' },
          }),
        );
      }
    });
  };

  const http: Server = createServer(onRequest);
  const wss = new WebSocketServer({ server: http });
  const subs = new Map<WebSocket, Map<number, string>>();
  let nextSub = 1;
  let subWaiters: { n: number; resolve: () => void }[] = [];
  const countSubs = () => [...subs.values()].reduce((s, m) => s + m.size, 0);
  const checkWaiters = () => {
    const n = countSubs();
    subWaiters = subWaiters.filter((w) => {
      if (n >= w.n) w.resolve();
      return n < w.n;
    });
  };

  wss.on('connection', (ws) => {
    subs.set(ws, new Map());
    ws.on('close', () => {
      subs.delete(ws);
    });
    ws.on('message', (raw) => {
      let msg: { id?: number; method?: string; params?: unknown[] };
      try {
        msg = JSON.parse(raw.toString());
      } catch {
        return;
      }
      const mine = subs.get(ws);
      if (!mine) return;
      if (msg.method === 'logsSubscribe') {
        const filter = msg.params?.[0] as { mentions?: string[] } | undefined;
        const address = filter?.mentions?.[0];
        if (address === undefined || filter?.mentions?.length !== 1) {
          ws.send(
            JSON.stringify({
              jsonrpc: '2.0',
              id: msg.id,
              error: { code: -32602, message: 'Invalid Request: Only 1 address supported' },
            }),
          );
          return;
        }
        const sub = nextSub++;
        mine.set(sub, address);
        ws.send(JSON.stringify({ jsonrpc: '2.0', id: msg.id, result: sub }));
        checkWaiters();
      } else if (msg.method === 'logsUnsubscribe') {
        mine.delete(msg.params?.[0] as number);
        ws.send(JSON.stringify({ jsonrpc: '2.0', id: msg.id, result: true }));
      }
    });
  });

  const send = (
    address: string,
    value: { signature: string; slot: number; logs: readonly string[]; err?: unknown },
  ) => {
    let sent = 0;
    for (const [ws, mine] of subs) {
      for (const [sub, addr] of mine) {
        if (addr !== address) continue;
        ws.send(
          JSON.stringify({
            jsonrpc: '2.0',
            method: 'logsNotification',
            params: {
              subscription: sub,
              result: {
                context: { slot: value.slot },
                value: { signature: value.signature, err: value.err ?? null, logs: value.logs },
              },
            },
          }),
        );
        sent++;
      }
    }
    return sent;
  };

  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;

  return {
    rpcUrl: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}`,
    calls,
    fault(method, fault, times = 1) {
      faults.push({ method, fault, left: times });
    },
    subscriptions: countSubs,
    waitForSubscriptions(n) {
      if (countSubs() >= n) return Promise.resolve();
      return new Promise((resolve) => subWaiters.push({ n, resolve }));
    },
    play(signatures) {
      const wanted = signatures === undefined ? null : new Set(signatures);
      let sent = 0;
      for (const t of txs) {
        if (wanted !== null && !wanted.has(t.signature)) continue;
        const logs = t.logs ?? t.result.meta?.logMessages ?? [];
        for (const address of mentioned.get(t.signature)!) {
          sent += send(address, {
            signature: t.signature,
            slot: t.slot,
            logs,
            err: t.result.meta?.err ?? null,
          });
        }
      }
      return sent;
    },
    notify: send,
    sendRaw(text) {
      for (const ws of subs.keys()) ws.send(text);
    },
    dropSockets() {
      for (const ws of subs.keys()) ws.terminate();
    },
    async close() {
      for (const ws of subs.keys()) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
