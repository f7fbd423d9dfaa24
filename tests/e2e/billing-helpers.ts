// Billing helpers shared by the browser specs: pay on the local checkout page with the test
// card, move the server clock for this browser context only, read the billing status.
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { BASE_URL } from "./fixtures";

export const DAY_MS = 24 * 60 * 60 * 1000;
export const HOUR_MS = 60 * 60 * 1000;
export const MINUTE_MS = 60 * 1000;

export async function payWithTestCard(page: Page, options: { email?: string } = {}) {
  await expect(page).toHaveURL(/\/checkout\?session_id=cs_local_/);
  await expect(page.getByRole("heading", { name: "Standard Plan: $8 USD/month" })).toBeVisible();
  if (options.email) await page.getByLabel("Email").fill(options.email);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /Pay \$8\.00/ }).click();
}

/** A checkout paid with the test card by someone signed out (another browser); its session id. */
export async function paySignedOut(request: APIRequestContext): Promise<string> {
  const headers = { origin: BASE_URL };
  const checkout = await request.post("/api/billing/checkout", { headers });
  const sessionId = new URL((await checkout.json()).url, BASE_URL).searchParams.get("session_id")!;
  const paid = await request.post(`/api/billing/local/sessions/${sessionId}/pay`, {
    headers,
    data: {
      email: "payer@example.com",
      cardNumber: "4242424242424242",
      expiry: "12/34",
      cvc: "123",
    },
  });
  expect(paid.ok()).toBeTruthy();
  return sessionId;
}

// Moves the server clock for this browser context's requests only (test-clock-scope.ts), so
// tests running at the same time keep the real time.
export async function setClock(page: Page, offsetMs: number) {
  await page
    .context()
    .addCookies([{ name: "tend-test-clock", value: String(offsetMs), url: BASE_URL }]);
}

export async function readBilling(page: Page) {
  const res = await page.request.get("/api/billing/status");
  expect(res.ok()).toBeTruthy();
  return res.json();
}

/** A JSON 500 like the server's error handler sends, for page.route. */
export const SERVER_ERROR = {
  status: 500,
  contentType: "application/json",
  body: JSON.stringify({ error: { code: "INTERNAL", message: "Something went wrong" } }),
};
