// The "Something went wrong" screen (spec 01 §8, spec 02 §8) after a real render crash: an API
// answer the app renders comes back malformed, and a component throws on it.
import { createUser, expect, expectNoAxeViolations, test } from "./fixtures";

test("a render crash shows 'Something went wrong' with details, the local error log, clear and reload", async ({
  page,
}) => {
  await createUser(page);
  // /api/me without its user: the header's menu reads me.user.email and throws.
  await page.route("**/api/me", async (route) => {
    const response = await route.fetch();
    const me = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...me, user: null } });
  });
  await page.goto("/app/contacts");

  await expect(page.getByRole("heading", { level: 1, name: "Something went wrong" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Reload Page" })).toBeVisible();
  await expectNoAxeViolations(page);

  const details = page.getByRole("button", { name: "Show technical details" });
  await expect(details).toHaveAttribute("aria-expanded", "false");
  await details.click();
  const technical = page.getByLabel("Technical details");
  await expect(technical).toContainText("Cannot read properties of null");
  await expect(page.getByRole("button", { name: "Hide technical details" })).toHaveAttribute(
    "aria-expanded",
    "true",
  );

  await page.getByRole("button", { name: "Show error logs" }).click();
  const logs = page.getByRole("region", { name: "Error logs" });
  await expect(logs.getByRole("listitem")).toHaveCount(1);
  await expect(logs.getByRole("listitem")).toContainText("Cannot read properties of null");
  await expect(logs.getByRole("listitem")).toContainText("/app/contacts");
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Hide technical details" }).click();
  await expect(technical).toBeHidden();

  await page.getByRole("button", { name: "Clear error logs" }).click();
  await expect(logs.getByText("No errors logged.")).toBeVisible();
  await expect(logs.getByRole("listitem")).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("tend.error-log"))).toBeNull();

  // With the API healthy again, Reload Page loads the app afresh.
  await page.unroute("**/api/me");
  await Promise.all([
    page.waitForEvent("load"),
    page.getByRole("button", { name: "Reload Page" }).click(),
  ]);
  await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeHidden();
});

const SERVER_FAULT = "Something went wrong on our side. Please try again in a moment.";
const OFFLINE = "We couldn't reach the server. Check your connection and try again.";

test("a failing API: plain words after the retries, not the server's text; Try again recovers", async ({
  page,
}) => {
  await createUser(page);
  const created = await page.request.post("/api/contacts", {
    data: { firstName: "Ada", lastName: "Lovelace", rhythm: { interval: 1, unit: "week" } },
  });
  const ada = (await created.json()) as { id: string };
  const boom = { status: 500, json: { error: { code: "INTERNAL", message: "boom" } } };
  const isContactsRead = (url: URL) => url.pathname.startsWith("/api/contacts");

  // Rhythms: a failed list says so and can be asked for again.
  await page.route(isContactsRead, (route) => route.fulfill(boom));
  await page.goto("/app/rhythms");
  const failure = page.getByRole("alert").filter({ hasText: "We couldn't load your contacts." });
  await expect(failure).toContainText(SERVER_FAULT, { timeout: 20_000 });
  await expect(page.getByText("boom")).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.unroute(isContactsRead);
  await failure.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("link", { name: "Ada Lovelace" }).first()).toBeVisible();

  // A contact page that failed is not "not found", and Try again loads it.
  await page.route(isContactsRead, (route) => route.fulfill(boom));
  await page.goto(`/app/contacts/${ada.id}`);
  await expect(
    page.getByRole("heading", { level: 1, name: "Couldn't load this contact" }),
  ).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole("alert")).toContainText(SERVER_FAULT);
  await expect(page.getByText("Contact not found")).toHaveCount(0);
  await page.unroute(isContactsRead);
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Ada Lovelace" })).toBeVisible();
});

test("a contact that does not exist is 'not found'; a lost connection is named as one", async ({
  page,
}) => {
  await createUser(page);

  // One that does not exist says so, with nothing to retry.
  await page.goto("/app/contacts/00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("heading", { level: 1, name: "Contact not found" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Try again" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Back to your contacts" })).toBeVisible();

  // A lost connection is named as one, in the spec's notifications line.
  const isNotifications = (url: URL) => url.pathname.startsWith("/api/notifications");
  await page.route(isNotifications, (route) => route.abort("internetdisconnected"));
  await page.goto("/app/notifications");
  const main = page.getByRole("main");
  await expect(main.getByRole("alert")).toContainText(`Error loading notifications: ${OFFLINE}`, {
    timeout: 20_000,
  });
  await page.unroute(isNotifications);
  await main.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByText("You have no notifications yet.")).toBeVisible();
});
