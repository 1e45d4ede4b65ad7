import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { CLIENT_METRICS } from '../../config.ts';

/** Name of a duration the client may report through Prometheus/start|stop. */
export type ClientMetric = (typeof CLIENT_METRICS)[number];

/** The process's Prometheus metrics: one registry per app so tests do not share state. */
export interface Metrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route'>;
  clientDurations: Record<ClientMetric, Histogram<'result'>>;
}

/** Creates the registry with process defaults, HTTP metrics and one histogram per client metric. */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const httpRequests = new Counter({
    name: 'api_http_requests_total',
    help: 'HTTP requests by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: 'api_http_request_duration_seconds',
    help: 'HTTP request duration by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const clientDurations = Object.fromEntries(
    CLIENT_METRICS.map((name) => [
      name,
      new Histogram({
        name: `${name}_seconds`,
        help: `Client-reported ${name} (Prometheus/start → stop), by result.`,
        labelNames: ['result'] as const,
        buckets: [0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300, 600],
        registers: [registry],
      }),
    ]),
  ) as Record<ClientMetric, Histogram<'result'>>;
  return { registry, httpRequests, httpDuration, clientDurations };
}
