// Starts the built app for browser tests, as production runs it (`node dist-server/main.js`), on a
// fresh embedded database (or on E2E_DATABASE_URL, an empty PostgreSQL database a benchmark seeds
// directly), with test routes on.
import { spawn } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { buildServerIfStale } from "./build-server.mjs";

const port = process.env.PORT ?? "4173";
const distDir = process.env.WEB_DIST_DIR ?? "dist/web";
if (!existsSync(path.join(distDir, "index.html"))) {
  console.error(
    `No built web app in ${distDir}. Run "npm run build" (or vite build --outDir ${distDir}) first.`,
  );
  process.exit(1);
}
// Compiled again first when a source changed since the last build, so a test never runs stale code.
const server = await buildServerIfStale();
const dataDir = path.resolve(".tmp", `e2e-data-${port}`);
rmSync(dataDir, { recursive: true, force: true });

const child = spawn(process.execPath, [server], {
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "development",
    PORT: port,
    HOST: "127.0.0.1",
    APP_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    WEB_DIST_DIR: distDir,
    ENABLE_TEST_ROUTES: "true",
    RATE_LIMIT_ENABLED: "false",
    // Off: a spec moves reminders on by hand. A spec that needs the jobs and the inbound mail
    // listener (which run with them) starts a server of its own with E2E_SCHEDULER_ENABLED=true.
    SCHEDULER_ENABLED: process.env.E2E_SCHEDULER_ENABLED ?? "false",
    BILLING_PROVIDER: process.env.E2E_BILLING_PROVIDER ?? "local",
    LOG_LEVEL: "warn",
    DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
    // The chat-channels spec's webhook receiver and ntfy stand-in listen on 127.0.0.1.
    ALLOW_PRIVATE_WEBHOOKS: "true",
    SMTP_URL: "",
  },
});
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
