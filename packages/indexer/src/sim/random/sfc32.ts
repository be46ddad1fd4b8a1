/**
 * Seeded pseudo-random numbers: Chris Doty-Humphrey's sfc32 (Small Fast Counting, 32-bit state ×4),
 * seeded through splitmix32. Every draw of the simulator comes from one of these.
 */
export class Sfc32 {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private spare = Number.NaN;

  /** `seed` and `stream` are mixed into the state, so (seed, stream) pairs give independent streams. */
  constructor(seed: number, stream = 0) {
    let s = (Math.trunc(seed) ^ Math.imul(Math.trunc(stream) + 0x632be5ab, 0x9e3779b9)) >>> 0;
    const next = () => {
      s = (s + 0x9e3779b9) | 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next() | 1;
    for (let i = 0; i < 12; i++) this.u32();
  }

  /** A uniform unsigned 32-bit integer. */
  u32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform on [0, 1) with 32 bits of resolution. */
  float(): number {
    return this.u32() / 4294967296;
  }

  /** Uniform on [lo, hi). */
  range(lo: number, hi: number): number {
    return lo + (hi - lo) * this.float();
  }

  /** Uniform integer on [0, n). */
  int(n: number): number {
    return Math.floor(this.float() * n);
  }

  /** Uniform integer on [lo, hi] (both included). */
  intIn(lo: number, hi: number): number {
    return lo + Math.floor(this.float() * (hi - lo + 1));
  }

  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.float() * items.length)];
  }

  /** Standard normal (Box–Muller, the second variate kept for the next call). */
  normal(): number {
    if (!Number.isNaN(this.spare)) {
      const v = this.spare;
      this.spare = Number.NaN;
      return v;
    }
    const u = 1 - this.float();
    const r = Math.sqrt(-2 * Math.log(u));
    const th = 2 * Math.PI * this.float();
    this.spare = r * Math.sin(th);
    return r * Math.cos(th);
  }

  /** exp(N(mu, sigma²)). */
  logNormal(mu: number, sigma: number): number {
    return Math.exp(mu + sigma * this.normal());
  }

  /** Exponential with the given mean. */
  exp(mean: number): number {
    return -mean * Math.log(1 - this.float());
  }

  /** Poisson with mean `lambda` (Knuth's product method; the simulator's means are small). */
  poisson(lambda: number): number {
    const limit = Math.exp(-lambda);
    let k = 0;
    let p = this.float();
    while (p > limit) {
      k++;
      p *= this.float();
    }
    return k;
  }
}
