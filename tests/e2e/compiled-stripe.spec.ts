// The compiled server (dist-server/, as production runs it) on BILLING_PROVIDER=stripe, against
// the local fake of Stripe's API. Every other browser spec runs the bundle on the local provider
// and the Stripe tests run from source (Vitest): a package that works from source can still fail
// once bundled (decision 229's calendar feed did), so the Stripe SDK's paths are run here in the
// bundle too: a checkout created, a forged webhook refused, a signed one re-read (decision 230).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freePort } from "../helpers/app-process";
import { startStripeFake, type StripeFake } from "../helpers/stripe-fake";

test.describe.configure({ mode: "serial" });

let stripe: StripeFake;
let server: ChildProcess;
let baseUrl: string;
let dataDir: string;
let serverErrors = "";

async function waitUntilReady(): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited: ${serverErrors}`);
    const res = await fetch(`${baseUrl}/readyz`).catch(() => null);
    if (res?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server was not ready within 60 s: ${serverErrors}`);
}

test.beforeAll(async () => {
  stripe = await startStripeFake();
  const port = await freePort();
  baseUrl = `http://localhost:${port}`;
  mkdirSync(".tmp", { recursive: true });
  dataDir = mkdtempSync(path.resolve(".tmp", "compiled-stripe-"));
  server = spawn(process.execPath, ["dist-server/main.js"], {
    stdio: ["ignore", "ignore", "pipe"],
    env: {
      ...process.env,
      ...stripe.env,
      NODE_ENV: "development",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: baseUrl,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: process.env.E2E_DIST ?? "dist/web",
      SCHEDULER_ENABLED: "false",
      RATE_LIMIT_ENABLED: "false",
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      SMTP_URL: "",
    },
  });
  server.stderr?.on("data", (chunk: Buffer) => (serverErrors += chunk.toString()));
  await waitUntilReady();
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  await stripe?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test("a checkout is created through the Stripe SDK in the compiled server", async () => {
  const res = await fetch(`${baseUrl}/api/billing/checkout`, {
    method: "POST",
    headers: { origin: baseUrl },
  });
  expect(res.status).toBe(200);
  expect(((await res.json()) as { url: string }).url).toMatch(
    /^https:\/\/checkout\.stripe\.test\//,
  );
  expect(stripe.count("POST", "/v1/checkout/sessions")).toBe(1);
});

test("the webhook checks the signature and re-reads the session from Stripe", async () => {
  const sessionId = [...stripe.sessions.keys()].at(-1)!;
  stripe.completeCheckout(sessionId);
  const event = {
    id: "evt_compiled_1",
    type: "checkout.session.completed",
    data: { object: { id: sessionId, object: "checkout.session", mode: "subscription" } },
  };

  const forged = stripe.signedDelivery(event, "whsec_not_the_right_secret");
  const refused = await fetch(`${baseUrl}/api/billing/webhook`, {
    method: "POST",
    headers: forged.headers,
    body: forged.payload,
  });
  expect(refused.status).toBe(400);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
    "Invalid webhook signature.",
  );

  const reads = stripe.count("GET", `/v1/checkout/sessions/${sessionId}`);
  const { payload, headers } = stripe.signedDelivery(event);
  const accepted = await fetch(`${baseUrl}/api/billing/webhook`, {
    method: "POST",
    headers,
    body: payload,
  });
  expect(accepted.status).toBe(200);
  expect(stripe.count("GET", `/v1/checkout/sessions/${sessionId}`)).toBe(reads + 1);
});
