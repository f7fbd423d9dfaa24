// `npm run worker`: background jobs in a process of their own (no HTTP), for scaled-out setups
// where the app processes run with SCHEDULER_ENABLED=false.
import { buildApp } from "./app";
import { loadEnvOrExit } from "./env";
import { startBackgroundJobs } from "./jobs/background-jobs";
import { closeOnSignals } from "./lib/graceful-shutdown";

async function main() {
  const env = loadEnvOrExit();
  const app = await buildApp({ env, serveWeb: false });
  await app.ready();
  const stop = startBackgroundJobs(app);
  app.log.info("worker running background jobs");
  closeOnSignals(app, { timeoutSeconds: env.SHUTDOWN_TIMEOUT_SECONDS, beforeClose: stop });
  // Keep the process alive: job timers are unref'd.
  setInterval(() => undefined, 1 << 30);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
