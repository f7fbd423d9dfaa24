// Listens on PORT and, unless SCHEDULER_ENABLED=false, runs the background jobs (reminders,
// outbox), the inbound mail listener (when INBOUND_SMTP_PORT is set) and Telegram's updates
// (when TELEGRAM_BOT_TOKEN is set) in the same process; on
// SIGTERM/SIGINT fails readiness for SHUTDOWN_DRAIN_SECONDS, then stops the listener and the
// jobs, finishes in-flight requests (within SHUTDOWN_TIMEOUT_SECONDS) and closes the db.
import closeWithGrace from "close-with-grace";
import { startDatabase } from "./db/client";
import { loadEnvOrExit, localBillingStartWarning } from "./env";
import { logShutdown, shutdownOptions } from "./lib/shutdown";

async function main() {
  const env = loadEnvOrExit();
  // The embedded database's thread opens its files while the rest of the server loads.
  const database = startDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const [
    { buildApp },
    { startBackgroundJobs },
    { devMailboxStartWarning },
    { startInboundMail },
    { startTelegram },
  ] = await Promise.all([
    import("./app"),
    import("./jobs/background-jobs"),
    import("./plugins/dev-only"),
    import("./features/replies/inbound-mail"),
    import("./features/channels/telegram-poll"),
  ]);
  const app = await buildApp({ env, ownDatabase: database });
  await app.ready();
  const stopJobs = env.SCHEDULER_ENABLED
    ? startBackgroundJobs({ ...app.services, log: app.log })
    : async () => undefined;
  const stopInbound = env.SCHEDULER_ENABLED
    ? await startInboundMail(app.services, app.log)
    : async () => undefined;
  const stopTelegram = env.SCHEDULER_ENABLED
    ? startTelegram(app.services, app.log).stop
    : async () => undefined;
  closeWithGrace(shutdownOptions(app.log, env.SHUTDOWN_TIMEOUT_SECONDS), async (event) => {
    logShutdown(app.log, event);
    // Readiness fails first and requests keep being served for the drain period, so a load
    // balancer moves traffic away; then the listener closes and in-flight requests finish.
    app.lifecycle.isDraining = true;
    if (env.SHUTDOWN_DRAIN_SECONDS > 0) {
      app.log.info(`draining for ${env.SHUTDOWN_DRAIN_SECONDS} s (/readyz answers 503)`);
      await new Promise((resolve) => setTimeout(resolve, env.SHUTDOWN_DRAIN_SECONDS * 1000));
    }
    await stopInbound();
    await stopTelegram();
    await stopJobs();
    await app.close();
  });
  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(`${env.APP_NAME} is running: open ${env.APP_URL} in your browser`);
  for (const warning of [devMailboxStartWarning(env), localBillingStartWarning(env)]) {
    if (warning) app.log.warn(warning);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
