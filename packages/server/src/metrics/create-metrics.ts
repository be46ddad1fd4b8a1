import { Counter, Histogram, Registry } from 'prom-client';

export interface Metrics {
  readonly registry: Registry;
  readonly requests: Counter<'method' | 'route' | 'status'>;
  readonly latency: Histogram<'method' | 'route'>;
  readonly charges: Counter<'route' | 'method'>;
  readonly chargedCredits: Counter<'route'>;
}

/** A fresh registry with the server's metrics (one per app, so tests never share counters). */
export function createMetrics(): Metrics {
  const registry = new Registry();
  return {
    registry,
    requests: new Counter({
      name: 'launchlens_http_requests_total',
      help: 'HTTP requests by route template, method and status',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    }),
    latency: new Histogram({
      name: 'launchlens_http_request_duration_seconds',
      help: 'Time from request to response headers, by route template',
      labelNames: ['method', 'route'],
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    charges: new Counter({
      name: 'launchlens_charges_total',
      help: 'Charged calls by route and payment method',
      labelNames: ['route', 'method'],
      registers: [registry],
    }),
    chargedCredits: new Counter({
      name: 'launchlens_charged_credits_total',
      help: 'Credits debited by route',
      labelNames: ['route'],
      registers: [registry],
    }),
  };
}
