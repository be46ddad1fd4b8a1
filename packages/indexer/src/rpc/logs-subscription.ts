import WebSocket from 'ws';
import { type BackoffOptions, backoffDelay, DEFAULT_BACKOFF } from './backoff-delay.js';

/** One `logsNotification`, tagged with the address whose subscription delivered it. */
export interface LogsNotification {
  readonly address: string;
  readonly slot: number;
  readonly signature: string;
  readonly err: unknown;
  readonly logs: readonly string[];
}

export interface LogsSubscriptionOptions {
  readonly url: string;
  /** One `logsSubscribe` with `mentions: [address]` each (the RPC accepts a single address per subscription). */
  readonly addresses: readonly string[];
  readonly commitment?: 'processed' | 'confirmed' | 'finalized';
  readonly onLogs: (notification: LogsNotification) => void;
  /** Called when the socket opens (after resubscribing) or drops. */
  readonly onState?: (state: 'open' | 'closed') => void;
  readonly backoff?: BackoffOptions;
  readonly random?: () => number;
  /** A ping this often; a connection that has not answered the previous one is dropped (default 30 s). */
  readonly pingIntervalMs?: number;
}

export interface LogsSubscriptionStats {
  connects: number;
  reconnects: number;
  notifications: number;
  /** Messages that were neither a subscription answer nor a well-formed notification. */
  malformed: number;
}

export interface LogsSubscription {
  add(address: string): void;
  remove(address: string): void;
  /** Resolves once every current address has an acknowledged subscription on the open socket. */
  ready(): Promise<void>;
  close(): Promise<void>;
  readonly stats: Readonly<LogsSubscriptionStats>;
}

/** A websocket `logsSubscribe` client that reconnects with backoff and resubscribes every address. */
export function createLogsSubscription(options: LogsSubscriptionOptions): LogsSubscription {
  const addresses = new Set(options.addresses);
  const commitment = options.commitment ?? 'confirmed';
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const random = options.random ?? Math.random;
  const stats: LogsSubscriptionStats = { connects: 0, reconnects: 0, notifications: 0, malformed: 0 };
  let socket: WebSocket | null = null;
  let closed = false;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | null = null;
  let pingTimer: NodeJS.Timeout | null = null;
  let nextId = 1;
  const pending = new Map<number, string>();
  const bySubscription = new Map<number, string>();
  const subscriptionOf = new Map<string, number>();
  let waiters: (() => void)[] = [];

  const isReady = () =>
    socket?.readyState === WebSocket.OPEN && [...addresses].every((a) => subscriptionOf.has(a));
  const settleWaiters = () => {
    if (!isReady()) return;
    const list = waiters;
    waiters = [];
    for (const w of list) w();
  };

  const subscribe = (ws: WebSocket, address: string) => {
    const id = nextId++;
    pending.set(id, address);
    ws.send(
      JSON.stringify({
        jsonrpc: '2.0',
        id,
        method: 'logsSubscribe',
        params: [{ mentions: [address] }, { commitment }],
      }),
    );
  };

  const onMessage = (raw: WebSocket.RawData) => {
    let msg: {
      id?: unknown;
      result?: unknown;
      method?: unknown;
      params?: {
        subscription?: unknown;
        result?: { context?: { slot?: unknown }; value?: Record<string, unknown> };
      };
    };
    try {
      msg = JSON.parse(raw.toString());
    } catch {
      stats.malformed++;
      return;
    }
    if (typeof msg?.id === 'number' && pending.has(msg.id)) {
      const address = pending.get(msg.id)!;
      pending.delete(msg.id);
      if (typeof msg.result === 'number' && addresses.has(address)) {
        bySubscription.set(msg.result, address);
        subscriptionOf.set(address, msg.result);
        settleWaiters();
      } else if (typeof msg.result !== 'number') stats.malformed++;
      return;
    }
    if (msg?.method !== 'logsNotification') {
      if (typeof msg?.id !== 'number') stats.malformed++;
      return;
    }
    const address = bySubscription.get(msg.params?.subscription as number);
    const slot = msg.params?.result?.context?.slot;
    const value = msg.params?.result?.value;
    if (
      address === undefined ||
      typeof slot !== 'number' ||
      typeof value?.signature !== 'string' ||
      !Array.isArray(value.logs)
    ) {
      stats.malformed++;
      return;
    }
    stats.notifications++;
    options.onLogs({
      address,
      slot,
      signature: value.signature,
      err: value.err ?? null,
      logs: value.logs as string[],
    });
  };

  const connect = () => {
    if (closed) return;
    stats.connects++;
    const ws = new WebSocket(options.url);
    socket = ws;
    let alive = true;
    ws.on('open', () => {
      attempt = 0;
      for (const address of addresses) subscribe(ws, address);
      pingTimer = setInterval(() => {
        if (!alive) {
          ws.terminate();
          return;
        }
        alive = false;
        ws.ping();
      }, options.pingIntervalMs ?? 30_000);
      options.onState?.('open');
    });
    ws.on('pong', () => {
      alive = true;
    });
    ws.on('message', onMessage);
    ws.on('error', () => {});
    ws.on('close', () => {
      if (pingTimer) clearInterval(pingTimer);
      pingTimer = null;
      pending.clear();
      bySubscription.clear();
      subscriptionOf.clear();
      if (socket === ws) socket = null;
      options.onState?.('closed');
      if (closed) return;
      stats.reconnects++;
      retryTimer = setTimeout(connect, backoffDelay(attempt++, backoff, random()));
    });
  };

  connect();

  return {
    stats,
    add(address) {
      if (addresses.has(address)) return;
      addresses.add(address);
      if (socket?.readyState === WebSocket.OPEN) subscribe(socket, address);
    },
    remove(address) {
      if (!addresses.delete(address)) return;
      const id = subscriptionOf.get(address);
      subscriptionOf.delete(address);
      if (id === undefined) return;
      bySubscription.delete(id);
      if (socket?.readyState === WebSocket.OPEN) {
        socket.send(
          JSON.stringify({ jsonrpc: '2.0', id: nextId++, method: 'logsUnsubscribe', params: [id] }),
        );
      }
      settleWaiters();
    },
    ready() {
      if (isReady()) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const ws = socket;
      if (!ws || ws.readyState === WebSocket.CLOSED) return;
      await new Promise<void>((resolve) => {
        ws.once('close', () => resolve());
        ws.close();
        setTimeout(() => {
          ws.terminate();
        }, 1000).unref();
      });
    },
  };
}
