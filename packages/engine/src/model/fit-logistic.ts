export interface LogisticFitOptions {
  /** L2 penalty λ on the weights (not the intercept): minimises −ℓ(β) + λ/2·‖w‖². */
  readonly l2: number;
  readonly maxIterations?: number;
  /** Stop when the largest Newton step is below this. */
  readonly tolerance?: number;
}

export interface LogisticFit {
  readonly intercept: number;
  readonly weights: readonly number[];
  readonly iterations: number;
  readonly converged: boolean;
  /** Mean negative log-likelihood on the training rows at the solution. */
  readonly log_loss: number;
}

const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

/**
 * L2-regularised logistic regression by Newton–Raphson (IRLS): each step solves
 * (XᵀWX + λI′)Δ = Xᵀ(y − p) − λw′ by Cholesky, with the intercept unpenalised. `x` is row-major
 * n × d with no missing values.
 */
export function fitLogistic(
  x: Float64Array,
  y: ArrayLike<number>,
  d: number,
  options: LogisticFitOptions,
): LogisticFit {
  const n = y.length;
  if (x.length !== n * d) throw new RangeError(`x has ${x.length} cells, expected ${n} × ${d}`);
  const k = d + 1;
  const beta = new Float64Array(k);
  let positives = 0;
  for (let i = 0; i < n; i++) positives += y[i];
  const prior = Math.min(Math.max(positives / Math.max(n, 1), 1e-6), 1 - 1e-6);
  beta[0] = Math.log(prior / (1 - prior));
  const h = new Float64Array(k * k);
  const g = new Float64Array(k);
  const row = new Float64Array(k);
  const maxIterations = options.maxIterations ?? 50;
  const tolerance = options.tolerance ?? 1e-8;
  let iterations = 0;
  let converged = false;
  while (iterations < maxIterations && !converged) {
    iterations++;
    h.fill(0);
    g.fill(0);
    for (let i = 0; i < n; i++) {
      row[0] = 1;
      let z = beta[0];
      const off = i * d;
      for (let j = 0; j < d; j++) {
        row[j + 1] = x[off + j];
        z += beta[j + 1] * row[j + 1];
      }
      const p = sigmoid(z);
      const w = Math.max(p * (1 - p), 1e-12);
      const r = y[i] - p;
      for (let a = 0; a < k; a++) {
        const ra = row[a];
        g[a] += ra * r;
        const wa = w * ra;
        for (let b = 0; b <= a; b++) h[a * k + b] += wa * row[b];
      }
    }
    for (let a = 1; a < k; a++) {
      h[a * k + a] += options.l2;
      g[a] -= options.l2 * beta[a];
    }
    const step = solveCholesky(h, g, k);
    let largest = 0;
    for (let a = 0; a < k; a++) {
      beta[a] += step[a];
      largest = Math.max(largest, Math.abs(step[a]));
    }
    converged = largest < tolerance;
  }
  let loss = 0;
  for (let i = 0; i < n; i++) {
    let z = beta[0];
    for (let j = 0; j < d; j++) z += beta[j + 1] * x[i * d + j];
    const p = Math.min(Math.max(sigmoid(z), 1e-15), 1 - 1e-15);
    loss -= y[i] === 1 ? Math.log(p) : Math.log(1 - p);
  }
  return {
    intercept: beta[0],
    weights: Array.from(beta.subarray(1)),
    iterations,
    converged,
    log_loss: n === 0 ? Number.NaN : loss / n,
  };
}

/** Solves A·v = b for a symmetric positive-definite A given by its lower triangle (row-major k × k). */
function solveCholesky(a: Float64Array, b: Float64Array, k: number): Float64Array {
  const l = new Float64Array(k * k);
  for (let i = 0; i < k; i++) {
    for (let j = 0; j <= i; j++) {
      let s = a[i * k + j];
      for (let m = 0; m < j; m++) s -= l[i * k + m] * l[j * k + m];
      if (i === j) {
        if (s <= 0) throw new RangeError('Hessian is not positive definite');
        l[i * k + i] = Math.sqrt(s);
      } else {
        l[i * k + j] = s / l[j * k + j];
      }
    }
  }
  const v = new Float64Array(k);
  for (let i = 0; i < k; i++) {
    let s = b[i];
    for (let m = 0; m < i; m++) s -= l[i * k + m] * v[m];
    v[i] = s / l[i * k + i];
  }
  for (let i = k - 1; i >= 0; i--) {
    let s = v[i];
    for (let m = i + 1; m < k; m++) s -= l[m * k + i] * v[m];
    v[i] = s / l[i * k + i];
  }
  return v;
}
