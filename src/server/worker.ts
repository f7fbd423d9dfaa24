// `npm run worker`: the background jobs (reminder scheduler, outbox sender, the inbound mail
// listener when INBOUND_SMTP_PORT is set, Telegram's updates) in a process of their own, without the HTTP
// app, for scaled-out setups where app processes run with SCHEDULER_ENABLED=false. Any number
// of workers and app processes may run on one PostgreSQL.
import closeWithGrace from "close-with-grace";
import pino from "pino";
import { openDatabase } from "./db/client";
import { loadEnvOrExit } from "./env";
import { startTelegram } from "./features/channels/telegram-poll";
import { startInboundMail } from "./features/replies/inbound-mail";
import { startBackgroundJobs } from "./jobs/background-jobs";
import { logShutdown, shutdownOptions } from "./lib/shutdown";
import { createServices } from "./services";

async function main() {
  const env = loadEnvOrExit();
  const log = pino({ level: env.LOG_LEVEL });
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  await database.migrate();
  const services = createServices({ env, database, log });
  const stopJobs = startBackgroundJobs({ ...services, log });
  const stopInbound = await startInboundMail(services, log);
  const stopTelegram = startTelegram(services, log).stop;
  log.info("worker running background jobs");
  closeWithGrace(shutdownOptions(log, env.SHUTDOWN_TIMEOUT_SECONDS), async (event) => {
    logShutdown(log, event);
    await stopInbound();
    await stopTelegram();
    await stopJobs();
    await services.outbox.close();
    await database.close();
  });
  // Keep the process alive: job timers are unref'd.
  setInterval(() => undefined, 1 << 30);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
