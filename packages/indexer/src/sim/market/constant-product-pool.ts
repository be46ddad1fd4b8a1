/** The result of one pool swap, as the `pool_trade` event reports it. */
export interface PoolFill {
  readonly solLamports: number;
  readonly tokenRaw: number;
}

/**
 * A constant-product AMM pool (PumpSwap, Raydium CPMM) of SOL against one token. Fees come off the
 * input: the LP part stays in the reserves, the protocol part leaves the pool. Integer amounts;
 * rounding favours the pool.
 */
export class ConstantProductPool {
  constructor(
    public sol: number,
    public token: number,
    private readonly lpFeeBps: number,
    private readonly protocolFeeBps: number,
  ) {}

  /** Lamports per raw token unit. */
  get price(): number {
    return this.sol / this.token;
  }

  /** Swaps `solLamports` in for tokens. */
  buy(solLamports: number): PoolFill {
    const sol = Math.floor(solLamports);
    const net = sol * (1 - (this.lpFeeBps + this.protocolFeeBps) / 10_000);
    const tokens = Math.floor((this.token * net) / (this.sol + net));
    this.sol += sol - Math.ceil((sol * this.protocolFeeBps) / 10_000);
    this.token -= tokens;
    return { solLamports: sol, tokenRaw: tokens };
  }

  /** Swaps `tokenRaw` in for SOL. */
  sell(tokenRaw: number): PoolFill {
    const tokens = Math.floor(tokenRaw);
    const net = tokens * (1 - (this.lpFeeBps + this.protocolFeeBps) / 10_000);
    const sol = Math.floor((this.sol * net) / (this.token + net));
    this.sol -= sol;
    this.token += tokens - Math.ceil((tokens * this.protocolFeeBps) / 10_000);
    return { solLamports: sol, tokenRaw: tokens };
  }

  /** SOL that moves the price by the factor `ratio` (> 1) if bought, ignoring fees. */
  solToMove(ratio: number): number {
    return this.sol * (Math.sqrt(ratio) - 1);
  }

  /** Tokens that move the price by the factor `ratio` (< 1) if sold, ignoring fees. */
  tokensToMove(ratio: number): number {
    return this.token * (1 / Math.sqrt(ratio) - 1);
  }
}
