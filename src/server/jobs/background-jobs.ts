// Background work beside the HTTP server (or alone in `npm run worker`): the reminder scheduler,
// the outbox sender's timer (retries, and rows a crashed sender left), the database's upkeep and
// the daily removal of old data. Each job runs at start
// and then on its interval; a run never overlaps the previous one in the same process, and
// several processes may run the same jobs at once (both claim rows with SKIP LOCKED).
import type { FastifyBaseLogger } from "fastify";
import { runScheduler } from "../features/reminders/scheduler";
import type { Services } from "../services";
import { applyRetention, DATA_RETENTION_INTERVAL_MS } from "./data-retention";
import { DATABASE_UPKEEP_INTERVAL_MS, upkeepDatabase } from "./database-upkeep";
import { readJobHealth, STALE_OUTBOX_SECONDS } from "./job-health";

export type JobContext = Pick<Services, "db" | "database" | "env" | "clock" | "outbox"> & {
  log: FastifyBaseLogger;
};

export type Job = {
  name: string;
  intervalMs: number;
  run: (ctx: JobContext) => Promise<unknown>;
};

/** Scheduler batches in flight at once on PostgreSQL (of the pool's 10 connections). */
const SCHEDULER_CONNECTIONS = 3;

export function defaultJobs(ctx: JobContext): Job[] {
  return [
    {
      name: "reminder-scheduler",
      intervalMs: ctx.env.SCHEDULER_INTERVAL_SECONDS * 1000,
      run: (c) =>
        runScheduler({
          db: c.db,
          env: c.env,
          now: () => c.clock.now(),
          log: c.log,
          onQueued: () => c.outbox.kick(),
          concurrency: c.database.kind === "postgres" ? SCHEDULER_CONNECTIONS : 1,
        }),
    },
    {
      name: "outbox-sender",
      intervalMs: ctx.env.OUTBOX_INTERVAL_SECONDS * 1000,
      async run(c) {
        await c.outbox.drain();
        const health = await readJobHealth(c.db, new Date());
        if ((health.oldestUnsentAgeSeconds ?? 0) > STALE_OUTBOX_SECONDS) {
          c.log.warn(
            { job: "outbox-sender", ...health },
            "a message has waited over 15 minutes to be sent",
          );
        }
      },
    },
    {
      name: "database-upkeep",
      intervalMs: DATABASE_UPKEEP_INTERVAL_MS,
      async run(c) {
        // Real time, not the clock tests move: Better Auth expires its rows by real time.
        const removed = await upkeepDatabase(c.database, new Date());
        c.log.info({ job: "database-upkeep", removed }, "database upkeep done");
      },
    },
    {
      name: "data-retention",
      intervalMs: DATA_RETENTION_INTERVAL_MS,
      async run(c) {
        const removed = await applyRetention(c.db, {
          now: c.clock.now(),
          outboxRetentionDays: c.env.OUTBOX_RETENTION_DAYS,
        });
        c.log.info({ job: "data-retention", removed }, "old data removed");
      },
    },
  ];
}

/** Starts the jobs; the returned function stops them and waits for runs in progress. */
export function startBackgroundJobs(
  ctx: JobContext,
  jobs: Job[] = defaultJobs(ctx),
): () => Promise<void> {
  const timers: NodeJS.Timeout[] = [];
  const inFlight = new Set<Promise<void>>();
  let isStopped = false;
  for (const job of jobs) {
    let isRunning = false;
    const tick = () => {
      if (isRunning || isStopped) return;
      isRunning = true;
      const run = job
        .run(ctx)
        .then(
          () => undefined,
          (error: unknown) => ctx.log.error({ err: error, job: job.name }, "background job failed"),
        )
        .finally(() => {
          isRunning = false;
          inFlight.delete(run);
        });
      inFlight.add(run);
    };
    tick();
    const timer = setInterval(tick, job.intervalMs);
    timer.unref();
    timers.push(timer);
  }
  return async () => {
    isStopped = true;
    timers.forEach(clearInterval);
    await Promise.all([...inFlight]);
  };
}
