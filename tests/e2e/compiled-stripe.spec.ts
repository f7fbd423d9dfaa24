// The compiled server (dist-server/, as production runs it) on BILLING_PROVIDER=stripe, against
// the local fake of Stripe's API. Every other browser spec runs the bundle on the local provider
// and the Stripe tests run from source (Vitest): a package that works from source can still fail
// once bundled (the calendar feed once did), so the Stripe SDK's paths are run here in the
// bundle too: a checkout created, a forged webhook refused, a signed one re-read.
import { expect, test } from "@playwright/test";
import { freePort, startE2EServer } from "../helpers/app-process";
import { startStripeFake, type StripeFake } from "../helpers/stripe-fake";

test.describe.configure({ mode: "serial" });

let stripe: StripeFake;
let app: ReturnType<typeof startE2EServer>;
let baseUrl: string;

test.beforeAll(async () => {
  stripe = await startStripeFake();
  app = startE2EServer({
    port: String(await freePort()),
    dist: process.env.E2E_DIST ?? "dist/web",
    env: { ...stripe.env, E2E_BILLING_PROVIDER: "stripe" },
  });
  baseUrl = app.base;
  await app.ready();
});

test.afterAll(async () => {
  app?.stop();
  await stripe?.close();
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
