// Background work that runs beside the HTTP server (or alone in `npm run worker`): the outbox
// sender retries mail that could not be delivered. Further jobs (reminders) register here.
import type { FastifyInstance } from "fastify";

export type Job = {
  name: string;
  intervalMs: number;
  run: (app: FastifyInstance) => Promise<unknown>;
};

export function createOutboxJob(): Job {
  return { name: "mail-outbox", intervalMs: 30_000, run: (app) => app.mailer.drain() };
}

export function startBackgroundJobs(
  app: FastifyInstance,
  jobs: Job[] = [createOutboxJob()],
): () => void {
  const timers: NodeJS.Timeout[] = [];
  for (const job of jobs) {
    let isRunning = false;
    const tick = async () => {
      if (isRunning) return;
      isRunning = true;
      try {
        await job.run(app);
      } catch (error) {
        app.log.error({ err: error, job: job.name }, "background job failed");
      } finally {
        isRunning = false;
      }
    };
    const timer = setInterval(() => void tick(), job.intervalMs);
    timer.unref();
    timers.push(timer);
  }
  return () => timers.forEach(clearInterval);
}
