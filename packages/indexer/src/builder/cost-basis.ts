/** Average-cost bookkeeping of one wallet in one token: what a sell realises. */
export class CostBasis {
  tokens = 0;
  costSol = 0;

  buy(tokens: number, sol: number): void {
    this.tokens += tokens;
    this.costSol += sol;
  }

  /** Records a sell and returns `{realized, cost}` in SOL (average cost method). */
  sell(tokens: number, sol: number): { realized: number; cost: number } {
    if (this.tokens <= 0) return { realized: sol, cost: 0 };
    const sold = Math.min(tokens, this.tokens);
    const cost = (this.costSol * sold) / this.tokens;
    this.tokens -= sold;
    this.costSol -= cost;
    return { realized: sol - cost, cost };
  }
}
