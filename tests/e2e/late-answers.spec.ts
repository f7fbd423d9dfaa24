// Issue 18: what a person typed survives an answer that arrives after the form rendered. Each
// test holds one API answer back (late-answer.ts), types meanwhile, then lets it arrive.
import { BASE_URL, createUser, expect, test, uniqueEmail } from "./fixtures";
import { holdApiAnswer } from "./late-answer";

test("checkout: an email typed while the session loads is kept, and the payment goes through", async ({
  page,
}) => {
  const checkout = await page.request.post("/api/billing/checkout", {
    headers: { origin: BASE_URL },
  });
  const url = (await checkout.json()).url as string;
  const held = await holdApiAnswer(page, "GET", /^\/api\/billing\/local\/sessions\/[^/]+$/);
  await page.goto(url);
  await held.asked;
  const email = uniqueEmail("late-checkout");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  held.release();
  await page.waitForLoadState("networkidle");
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expect(page.getByLabel("Card number")).toHaveValue("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /Pay \$8\.00/ }).click();
  await expect(page).toHaveURL(/\/account-creation\?session_id=/);
  // The email paid with is carried into account creation.
  await expect(page.getByLabel("Email")).toHaveValue(email);
});

test("account creation: a typed email wins over the carried one; an untouched field fills in", async ({
  page,
}) => {
  const checkout = await page.request.post("/api/billing/checkout", {
    headers: { origin: BASE_URL },
  });
  const sessionId = new URL((await checkout.json()).url, BASE_URL).searchParams.get("session_id")!;
  const paid = await page.request.post(`/api/billing/local/sessions/${sessionId}/pay`, {
    headers: { origin: BASE_URL },
    data: {
      email: "paid-with@example.com",
      cardNumber: "4242424242424242",
      expiry: "12/34",
      cvc: "123",
    },
  });
  expect(paid.ok()).toBeTruthy();

  const held = await holdApiAnswer(page, "GET", /^\/api\/billing\/checkout\/[^/]+$/);
  await page.goto(`/account-creation?session_id=${sessionId}`);
  await held.asked;
  const typed = uniqueEmail("late-account");
  await page.getByLabel("Email").fill(typed);
  await page.getByLabel("Password", { exact: true }).fill("correct-horse-1");
  held.release();
  await page.waitForLoadState("networkidle");
  await expect(page.getByLabel("Email")).toHaveValue(typed);
  await expect(page.getByLabel("Password", { exact: true })).toHaveValue("correct-horse-1");

  // Without typing, the field shows the email paid with, and it stays editable.
  await page.reload();
  await expect(page.getByLabel("Email")).toHaveValue("paid-with@example.com");
  await expect(page.getByLabel("Email")).toBeEditable();
});

test("settings: a field changed while a save is answered keeps its new value", async ({ page }) => {
  await createUser(page);
  await page.goto("/app/settings");
  await expect(page.getByLabel("Frequency")).toHaveValue("1");
  const held = await holdApiAnswer(page, "PATCH", /^\/api\/settings\/reminders$/);
  await page.getByLabel("Frequency").fill("3");
  await page.getByRole("button", { name: "Save reminders" }).click();
  await held.asked;
  await page.getByLabel("Reminder time").selectOption({ label: "6:00 PM" });
  held.release();
  await expect(page.getByText("Every 3 days at 9:00 AM by email")).toBeVisible();
  await expect(page.getByLabel("Frequency")).toHaveValue("3");
  await expect(page.getByLabel("Reminder time")).toHaveValue("18");
  await page.getByRole("button", { name: "Save reminders" }).click();
  await expect(page.getByText("Every 3 days at 6:00 PM by email")).toBeVisible();
});

test("contact edit: a newer copy of the contact updates untouched fields and keeps typed ones", async ({
  page,
}) => {
  await page.clock.install();
  await createUser(page);
  const res = await page.request.post("/api/contacts", {
    headers: { origin: BASE_URL },
    data: { firstName: "Ada", lastName: "Lovelace", company: "Analytical" },
  });
  const { id } = (await res.json()) as { id: string };
  await page.goto(`/app/contacts/${id}`);
  await page.getByRole("button", { name: "Edit" }).click();
  await page.getByLabel("First name").fill("Augusta");

  // Meanwhile the contact changed elsewhere (another tab); this tab refetches it when the
  // network comes back, and that answer is late.
  const patched = await page.request.patch(`/api/contacts/${id}`, {
    headers: { origin: BASE_URL },
    data: { company: "Difference Engine", lastName: "King" },
  });
  expect(patched.ok()).toBeTruthy();
  await page.clock.fastForward("00:31");
  const held = await holdApiAnswer(page, "GET", new RegExp(`^/api/contacts/${id}$`));
  await page.context().setOffline(true);
  await page.context().setOffline(false);
  await held.asked;
  await page.getByLabel("Last name").fill("Byron");
  held.release();
  await expect(page.getByLabel("Company")).toHaveValue("Difference Engine");
  await expect(page.getByLabel("First name")).toHaveValue("Augusta");
  await expect(page.getByLabel("Last name")).toHaveValue("Byron");
});

test("profile: a name typed while a save is answered is kept, the saved one shows", async ({
  page,
}) => {
  await createUser(page);
  await page.goto("/app/profile");
  await expect(page.getByLabel("First name")).toBeEditable();
  const held = await holdApiAnswer(page, "PATCH", /^\/api\/profile$/);
  await page.getByLabel("First name").fill("Ada");
  await page.getByRole("button", { name: "Update Profile" }).click();
  await held.asked;
  await page.getByLabel("Last name").fill("Lovelace");
  held.release();
  await expect(page.getByRole("button", { name: "Update Profile" })).toBeEnabled();
  await expect(page.getByLabel("First name")).toHaveValue("Ada");
  await expect(page.getByLabel("Last name")).toHaveValue("Lovelace");
  await page.getByRole("button", { name: "Update Profile" }).click();
  await expect(page.getByRole("button", { name: "Update Profile" })).toBeEnabled();
  await page.reload();
  await expect(page.getByLabel("Last name")).toHaveValue("Lovelace");
  await expect(page.getByLabel("First name")).toHaveValue("Ada");
});
