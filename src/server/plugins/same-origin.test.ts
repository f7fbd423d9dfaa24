// Cross-site writes are refused: the probe's text/plain form that cancelled a subscription and
// its no-cors multipart import, sent from a sibling port and a sibling subdomain of APP_URL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  build,
  createUser,
  injectAs,
  TEST_APP_URL,
  type TestApp,
  type TestUser,
} from "../../../tests/helpers/test-app";
import { payLocal, readBilling, startCheckout } from "../../../tests/helpers/billing-test-kit";
import { listContacts, multipart } from "../../../tests/helpers/import-test-kit";

const SIBLING_PORT = "http://localhost:3001";
const SIBLING_HOST = "http://shop.localhost:3000";

function refusal(from: string) {
  return `This request came from ${from}, not from ${TEST_APP_URL}, so it was refused to protect your account. Open ${TEST_APP_URL} and try again. If you run this server, set APP_URL to the address you open it at.`;
}

describe("cross-site writes", () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await build({ BILLING_PROVIDER: "local" });
    user = await createUser(t.app);
    await payLocal(t.app, await startCheckout(t.app, user));
  });
  afterAll(async () => t.close());

  it("accepts 127.0.0.1 for APP_URL's localhost on the same port outside production", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: { origin: "http://127.0.0.1:3000" },
      payload: { email: "loopback@example.com", password: "correct-horse-1", name: "L" },
    });
    expect(res.statusCode).toBe(200);
  });

  it("refuses a text/plain form from a sibling port that would cancel the subscription", async () => {
    const res = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/billing/subscription/cancel",
      headers: {
        origin: SIBLING_PORT,
        "content-type": "text/plain",
        "sec-fetch-site": "same-site",
      },
      payload: "x=1",
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: { code: "FORBIDDEN", message: refusal(SIBLING_PORT) } });
    expect((await readBilling(t.app, user.id)).row!.cancelAtPeriodEnd).toBe(false);
  });

  it("refuses a no-cors multipart import from a sibling subdomain, and imports nothing", async () => {
    const body = await multipart({ name: "c.csv", content: "First Name,Email\nMallory,m@x.io\n" });
    for (const url of ["/api/imports/preview", "/api/imports"]) {
      const res = await injectAs(t.app, user, {
        method: "POST",
        url,
        payload: body.payload,
        headers: { ...body.headers, origin: SIBLING_HOST },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(refusal(SIBLING_HOST));
    }
    expect(await listContacts(t.app, user)).toEqual([]);
  });

  it("lets the same write through from APP_URL's origin", async () => {
    const res = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/contacts",
      headers: { origin: TEST_APP_URL, "sec-fetch-site": "same-origin" },
      payload: { firstName: "Ada" },
    });
    expect(res.statusCode).toBe(201);
  });

  it("refuses an opaque origin (a sandboxed frame) and a foreign Sec-Fetch-Site with no Origin", async () => {
    const opaque = await injectAs(t.app, user, {
      method: "DELETE",
      url: "/api/contacts/00000000-0000-4000-8000-000000000000",
      headers: { origin: "null" },
    });
    expect(opaque.statusCode).toBe(403);
    expect(opaque.json().error.message).toContain("a page with no address");
    const noOrigin = await t.app.inject({
      method: "POST",
      url: "/api/contacts",
      headers: { cookie: user.cookie, "sec-fetch-site": "cross-site" },
      payload: { firstName: "Eve" },
    });
    expect(noOrigin.statusCode).toBe(403);
    expect(noOrigin.json().error.code).toBe("FORBIDDEN");
  });

  it("refuses a foreign Origin on the auth endpoints too", async () => {
    const res = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { origin: "https://evil.example" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(refusal("https://evil.example"));
  });

  it("lets reads and non-browser clients (no Origin, no Sec-Fetch-Site) through", async () => {
    const read = await injectAs(t.app, user, {
      url: "/api/contacts",
      headers: { origin: SIBLING_PORT },
    });
    expect(read.statusCode).toBe(200);
    const script = await t.app.inject({
      method: "POST",
      url: "/api/leads",
      payload: { email: "script@example.com" },
    });
    expect(script.statusCode).toBe(201);
  });
});

describe("the Stripe webhook", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({
      BILLING_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: "sk_test_x",
      STRIPE_WEBHOOK_SECRET: "whsec_test",
      STRIPE_PRICE_ID: "price_x",
    });
  });
  afterAll(async () => t.close());

  it("is judged by its signature, whatever Origin it carries", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/billing/webhook",
      headers: {
        origin: "https://hooks.stripe.example",
        "stripe-signature": "t=1,v1=bad",
        "content-type": "application/json",
      },
      payload: "{}",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("Invalid webhook signature.");
  });
});
