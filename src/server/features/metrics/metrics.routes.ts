// GET /metrics: Prometheus text for an operator's scraper, only when METRICS_TOKEN is set and the
// request carries it as `Authorization: Bearer <token>`; otherwise it answers as if absent (404)
// or refuses (401). Request durations are observed on every response; the outbox depth and age
// by channel, the scheduler lag and the pool use are read from the database at scrape time.
import { createHash, timingSafeEqual } from "node:crypto";
import { and, count, eq, inArray, lte, min } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { Gauge } from "prom-client";
import { outbox, userReminders } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { Metrics } from "../../lib/metrics";

const CHANNELS = ["email", "sms"] as const;

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

function carriesToken(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? "";
  const given = header.startsWith("Bearer ") ? header.slice("Bearer ".length).trim() : "";
  // Equal-length digests: the comparison takes the same time whatever was sent.
  return given.length > 0 && timingSafeEqual(digest(given), digest(token));
}

function registerDatabaseGauges(app: FastifyInstance, metrics: Metrics) {
  const { registry } = metrics;
  const secondsSince = (at: Date | string | null | undefined) =>
    at ? Math.max(0, (app.clock.now().getTime() - new Date(at).getTime()) / 1000) : 0;
  const unsent = async () => {
    const rows = await app.db
      .select({ channel: outbox.channel, depth: count(), oldest: min(outbox.createdAt) })
      .from(outbox)
      .where(inArray(outbox.status, ["pending", "sending"]))
      .groupBy(outbox.channel);
    return new Map(rows.map((r) => [r.channel, r]));
  };
  new Gauge({
    name: "tend_outbox_depth",
    help: "Messages waiting to be sent (pending or being sent), by channel.",
    labelNames: ["channel"] as const,
    registers: [registry],
    async collect() {
      const byChannel = await unsent();
      for (const channel of CHANNELS) this.set({ channel }, byChannel.get(channel)?.depth ?? 0);
    },
  });
  new Gauge({
    name: "tend_outbox_oldest_age_seconds",
    help: "Age of the oldest message not yet sent, by channel (0 when none waits).",
    labelNames: ["channel"] as const,
    registers: [registry],
    async collect() {
      const byChannel = await unsent();
      for (const channel of CHANNELS)
        this.set({ channel }, secondsSince(byChannel.get(channel)?.oldest));
    },
  });
  new Gauge({
    name: "tend_scheduler_lag_seconds",
    help: "How long the oldest due reminder has waited to be claimed by the scheduler (0 when none is due).",
    registers: [registry],
    async collect() {
      const [row] = await app.db
        .select({ oldest: min(userReminders.nextScheduledAt) })
        .from(userReminders)
        .where(
          and(
            eq(userReminders.isActive, true),
            lte(userReminders.nextScheduledAt, app.clock.now()),
          ),
        );
      this.set(secondsSince(row?.oldest));
    },
  });
  const poolStats = app.database.poolStats;
  if (poolStats) {
    new Gauge({
      name: "tend_db_pool_connections",
      help: "PostgreSQL pool connections: total open, idle, and requests waiting for one.",
      labelNames: ["state"] as const,
      registers: [registry],
      collect() {
        const stats = poolStats();
        this.set({ state: "total" }, stats.total);
        this.set({ state: "idle" }, stats.idle);
        this.set({ state: "in_use" }, stats.total - stats.idle);
        this.set({ state: "waiting" }, stats.waiting);
      },
    });
    new Gauge({
      name: "tend_db_pool_max",
      help: "The most connections the PostgreSQL pool opens.",
      registers: [registry],
      collect() {
        this.set(poolStats().max);
      },
    });
  }
}

export const metricsRoutes = fp(async (app: FastifyInstance) => {
  const token = app.env.METRICS_TOKEN;
  const metrics = app.metrics;
  if (metrics) {
    registerDatabaseGauges(app, metrics);
    app.addHook("onResponse", async (request, reply) => {
      metrics.httpDuration.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? "unmatched",
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
    });
  }
  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    if (!token || !metrics) throw new AppError("NOT_FOUND", "Not found.");
    if (!carriesToken(request, token)) {
      throw new AppError("UNAUTHORIZED", "Send the metrics token as 'Authorization: Bearer …'.");
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
});
