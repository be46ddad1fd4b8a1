import type { CurveParams } from './curve-params.js';

/** The result of one curve trade: the curve-side SOL and tokens, and the fees paid beside them. */
export interface CurveFill {
  readonly solLamports: number;
  readonly tokenRaw: number;
  readonly feeLamports: number;
}

/**
 * A constant-product bonding curve over virtual reserves (pump.fun and LaunchLab alike). Amounts
 * are integers in lamports and raw token units; rounding always favours the curve. The event's
 * `sol_lamports` is the curve side: virtual SOL moves by exactly that, fees are paid beside it.
 */
export class BondingCurve {
  virtualSol: number;
  virtualToken: number;
  /** Tokens still for sale on the curve; 0 = complete. */
  tokensLeft: number;

  constructor(readonly params: CurveParams) {
    this.virtualSol = params.virtualSolLamports;
    this.virtualToken = params.virtualTokenRaw;
    this.tokensLeft = params.curveTokenRaw;
  }

  get complete(): boolean {
    return this.tokensLeft <= 0;
  }

  /** SOL the curve holds for real (what the pool will get, before the migration fee). */
  get realSol(): number {
    return this.virtualSol - this.params.virtualSolLamports;
  }

  /** Price in lamports per raw token unit. */
  get price(): number {
    return this.virtualSol / this.virtualToken;
  }

  /** Curve SOL needed to buy exactly `tokenRaw` (pump.fun's `buy`: ceil(vS·t/(vT − t))). */
  quoteTokens(tokenRaw: number): number {
    return Math.ceil((this.virtualSol * tokenRaw) / (this.virtualToken - tokenRaw));
  }

  /** Spends `solLamports` on the curve side; the last buy is cut to the tokens left and completes it. */
  buy(solLamports: number): CurveFill {
    let sol = Math.floor(solLamports);
    let tokens = Math.floor((this.virtualToken * sol) / (this.virtualSol + sol));
    if (tokens >= this.tokensLeft) {
      tokens = this.tokensLeft;
      sol = this.quoteTokens(tokens);
    }
    return this.applyBuy(sol, tokens);
  }

  /** Buys exactly `tokenRaw` tokens (capped at what is left). */
  buyTokens(tokenRaw: number): CurveFill {
    const tokens = Math.min(Math.floor(tokenRaw), this.tokensLeft);
    return this.applyBuy(this.quoteTokens(tokens), tokens);
  }

  /** Sells `tokenRaw` back to the curve. */
  sell(tokenRaw: number): CurveFill {
    const tokens = Math.floor(tokenRaw);
    const sol = Math.min(Math.floor((this.virtualSol * tokens) / (this.virtualToken + tokens)), this.realSol);
    this.virtualSol -= sol;
    this.virtualToken += tokens;
    this.tokensLeft += tokens;
    return { solLamports: sol, tokenRaw: tokens, feeLamports: this.fee(sol) };
  }

  private applyBuy(sol: number, tokens: number): CurveFill {
    this.virtualSol += sol;
    this.virtualToken -= tokens;
    this.tokensLeft -= tokens;
    return { solLamports: sol, tokenRaw: tokens, feeLamports: this.fee(sol) };
  }

  /** Fees are rounded up per part, as pump.fun's TradeEvent shows (fixture A). */
  private fee(sol: number): number {
    const p = this.params;
    return Math.ceil((sol * p.protocolFeeBps) / 10_000) + Math.ceil((sol * p.creatorFeeBps) / 10_000);
  }
}
