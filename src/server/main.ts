// Listens on PORT; on SIGTERM/SIGINT stops accepting, finishes in-flight requests (within
// SHUTDOWN_TIMEOUT_SECONDS), closes the db.
import { buildApp } from "./app";
import { loadEnvOrExit } from "./env";
import { startBackgroundJobs } from "./jobs/background-jobs";
import { closeOnSignals } from "./lib/graceful-shutdown";
import { devMailboxStartWarning } from "./plugins/dev-only";

async function main() {
  const env = loadEnvOrExit();
  const app = await buildApp({ env });
  const stopJobs = env.SCHEDULER_ENABLED ? startBackgroundJobs(app) : () => undefined;
  closeOnSignals(app, { timeoutSeconds: env.SHUTDOWN_TIMEOUT_SECONDS, beforeClose: stopJobs });
  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(`${env.APP_NAME} is running at ${env.APP_URL}`);
  const warning = devMailboxStartWarning(env);
  if (warning) app.log.warn(warning);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
