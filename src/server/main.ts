// Listens on PORT and, unless SCHEDULER_ENABLED=false, runs the background jobs (reminders,
// outbox) in the same process; on SIGTERM/SIGINT stops the jobs, finishes in-flight requests
// (within SHUTDOWN_TIMEOUT_SECONDS) and closes the db.
import { buildApp } from "./app";
import { loadEnvOrExit } from "./env";
import { startBackgroundJobs } from "./jobs/background-jobs";
import { closeOnSignals } from "./lib/graceful-shutdown";
import { devMailboxStartWarning } from "./plugins/dev-only";

async function main() {
  const env = loadEnvOrExit();
  const app = await buildApp({ env });
  await app.ready();
  const stopJobs = env.SCHEDULER_ENABLED
    ? startBackgroundJobs({ ...app.services, log: app.log })
    : async () => undefined;
  closeOnSignals({
    log: app.log,
    timeoutSeconds: env.SHUTDOWN_TIMEOUT_SECONDS,
    async close() {
      await stopJobs();
      await app.close();
    },
  });
  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(`${env.APP_NAME} is running: open ${env.APP_URL} in your browser`);
  const warning = devMailboxStartWarning(env);
  if (warning) app.log.warn(warning);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
