import type { SolTransferEvent } from '../events/chain-event.js';

export interface Funding {
  readonly funder: string;
  readonly at: number;
  readonly lamports: number;
}

/** How many incoming transfers per wallet are kept for the insider rule; the first is always kept. */
const MAX_INCOMING = 8;

/** What the builder knows of every wallet across launches: funding, SOL balance, launches traded. */
export class WalletBook {
  private readonly incoming = new Map<string, Funding[]>();
  private readonly lamports = new Map<string, number>();
  private readonly launchesTraded = new Map<string, number>();
  private readonly firstTrade = new Map<string, number>();

  constructor(readonly exchanges: ReadonlyMap<string, string>) {}

  recordTransfer(e: SolTransferEvent): void {
    let list = this.incoming.get(e.to);
    if (!list) {
      list = [];
      this.incoming.set(e.to, list);
    }
    if (list.length < MAX_INCOMING) list.push({ funder: e.from, at: e.at, lamports: e.lamports });
    this.addLamports(e.to, e.lamports);
    this.addLamports(e.from, -e.lamports);
  }

  addLamports(wallet: string, delta: number): void {
    const cur = this.lamports.get(wallet);
    if (cur !== undefined || delta > 0) this.lamports.set(wallet, (cur ?? 0) + delta);
  }

  /** SOL balance from the flows seen, or null when the wallet's funding was never seen. */
  solBalance(wallet: string): number | null {
    const l = this.lamports.get(wallet);
    return l === undefined ? null : l / 1e9;
  }

  firstFunding(wallet: string): Funding | undefined {
    return this.incoming.get(wallet)?.[0];
  }

  fundedBefore(wallet: string, funder: string, before: number): boolean {
    const list = this.incoming.get(wallet);
    if (!list) return false;
    for (const f of list) if (f.funder === funder && f.at <= before) return true;
    return false;
  }

  isExchange(wallet: string): boolean {
    return this.exchanges.has(wallet);
  }

  exchangeName(wallet: string): string | undefined {
    return this.exchanges.get(wallet);
  }

  launchesTradedBefore(wallet: string): number {
    return this.launchesTraded.get(wallet) ?? 0;
  }

  /** Records a trade (curve or pool) so the wallet's first trade anywhere is known. */
  noteTrade(wallet: string, at: number): void {
    if (!this.firstTrade.has(wallet)) this.firstTrade.set(wallet, at);
  }

  firstTradeAt(wallet: string): number | undefined {
    return this.firstTrade.get(wallet);
  }

  markTraded(wallet: string): void {
    this.launchesTraded.set(wallet, (this.launchesTraded.get(wallet) ?? 0) + 1);
  }

  /** Every wallet that traded, with its first funding when seen. */
  *tradersFunding(): Iterable<[string, Funding]> {
    for (const wallet of this.firstTrade.keys()) {
      const f = this.incoming.get(wallet)?.[0];
      if (f) yield [wallet, f];
    }
  }
}
