// Listens on PORT; on SIGTERM/SIGINT stops accepting, finishes in-flight requests, closes the db.
import { buildApp } from "./app";
import { loadEnvOrExit } from "./env";
import { startBackgroundJobs } from "./jobs/background-jobs";

async function main() {
  const env = loadEnvOrExit();
  const app = await buildApp({ env });
  const stopJobs = env.SCHEDULER_ENABLED ? startBackgroundJobs(app) : () => undefined;
  let isClosing = false;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      if (isClosing) return;
      isClosing = true;
      stopJobs();
      app.log.info(`${signal} received, closing`);
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error(error);
          process.exit(1);
        },
      );
    });
  }
  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(`${env.APP_NAME} is running at ${env.APP_URL}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
