// The operator's metrics: one prom-client registry per app, so several apps in one
// process (tests) never share series. Values that live in the database (outbox depth, scheduler
// lag) are read when /metrics is scraped, never on the request path; /readyz does not touch them.
import { collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

export type Metrics = {
  registry: Registry;
  httpDuration: Histogram<"method" | "route" | "status_code">;
  /** Reports the open notification streams; the stream routes register their hub's count. */
  countSseConnections: (count: () => number) => void;
};

export function createMetrics(): Metrics {
  const registry = new Registry();
  // Process CPU, memory, handles, GC and the event-loop delay (nodejs_eventloop_lag_*).
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const httpDuration = new Histogram({
    name: "tend_http_request_duration_seconds",
    help: "HTTP request durations by route pattern (unmatched paths are one route).",
    labelNames: ["method", "route", "status_code"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const counters: Array<() => number> = [];
  new Gauge({
    name: "tend_sse_connections",
    help: "Open notification streams (Server-Sent Events) on this process.",
    registers: [registry],
    collect() {
      this.set(counters.reduce((n, count) => n + count(), 0));
    },
  });
  return { registry, httpDuration, countSseConnections: (count) => counters.push(count) };
}
