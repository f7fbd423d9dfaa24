// Issue 14 items 2 and 7: one trial story on every page that tells it, the same verb for signing
// in, a plan page that compares what its badge says, one date style, and a debug page without
// internal ids.
import {
  BASE_URL,
  createUser,
  expect,
  expectAccessibleInBothThemes,
  expectNoAxeViolations,
  test,
} from "./fixtures";

const TRIAL_OFFER = "14-day free trial, no card needed.";
const AFTER_TRIAL = "After the trial, $8 USD/month keeps everything going. Cancel anytime.";

test("the landing page, /subscribe and /auth tell the same trial story and say 'Sign in'", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.getByTestId("trial-offer")).toHaveText(`${TRIAL_OFFER} ${AFTER_TRIAL}`);
  // Filled in by the server in the prerendered HTML, before any script runs.
  const html = await (await page.request.get("/")).text();
  expect(html).toContain(TRIAL_OFFER);
  expect(html).not.toContain("%%TRIAL");
  await expect(page.getByRole("link", { name: "Log in" })).toHaveCount(0);
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();

  await page.goto("/subscribe");
  await expect(page.getByRole("heading", { level: 1, name: "Subscribe to Tend" })).toBeVisible();
  await expect(page.getByTestId("trial-offer")).toHaveText(`${TRIAL_OFFER} ${AFTER_TRIAL}`);
  // The badge stands over a comparison: the Business tier is beside the plan.
  await expect(page.getByText("Most popular")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Business" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to sign in", exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto("/auth");
  await page.getByRole("tab", { name: "Sign up" }).click();
  await expect(page.getByText(`${TRIAL_OFFER} ${AFTER_TRIAL}`)).toBeVisible();
  // Paying is offered as the other choice, not as the way in for someone new.
  await expect(
    page.getByText("Rather subscribe now? Pay first, then create your account."),
  ).toBeVisible();
  await expect(page.getByText(/New here\? Pay first/)).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("a trial user is told before paying that the trial's days are kept", async ({ page }) => {
  await createUser(page);
  await page.goto("/app/settings");
  const note = page.getByTestId("trial-billing-note");
  await expect(note).toContainText("Subscribe now and keep your trial: the first $8 charge is on");
  await expect(note).toContainText(", when it ends.");
  await expectAccessibleInBothThemes(page);
});

test("dates: relative while recent, absolute with the year once older; no internal ids on the debug page", async ({
  page,
}) => {
  await createUser(page);
  const headers = { origin: BASE_URL };
  const created = await page.request.post("/api/contacts", {
    headers,
    data: { firstName: "Dora", lastName: "Dates" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const old = new Date(Date.now() - 400 * 24 * 60 * 60 * 1000);
  for (const occurredAt of [old.toISOString(), new Date().toISOString()]) {
    const logged = await page.request.post(`/api/contacts/${id}/interactions`, {
      headers,
      data: { occurredAt, channel: "phone" },
    });
    expect(logged.ok(), await logged.text()).toBeTruthy();
  }

  await page.goto(`/app/contacts/${id}`);
  const history = page.locator("time");
  const year = String(old.getUTCFullYear());
  await expect(history.filter({ hasText: "Just now" })).toHaveCount(1);
  const oldEntry = history.filter({ hasText: year });
  await expect(oldEntry).toHaveCount(1);
  await expect(oldEntry).toHaveAttribute("dateTime", /^\d{4}-\d{2}-\d{2}T/);
  await expect(oldEntry).toHaveAttribute("title", new RegExp(year));
  await expectAccessibleInBothThemes(page);

  await page.goto("/app/debug/subscription");
  await expect(page.getByRole("heading", { name: "Subscription debug" })).toBeVisible();
  await expect(page.getByText(/"status": "active"/).first()).toBeVisible();
  const body = await page.locator("main, body").first().innerText();
  expect(body).not.toMatch(/trial_|sub_local_|"id":/);
});

test("a last-contacted day shows as a day: no invented time or channel", async ({ page }) => {
  await createUser(page);
  const res = await page.request.post("/api/contacts", {
    headers: { origin: BASE_URL },
    data: {
      firstName: "Dora",
      lastName: "Day",
      preferredMethod: "whatsapp",
      phones: [{ value: "+44 20 7946 0958" }],
      lastContactedOn: "2026-01-05",
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  await page.goto(`/app/contacts/${id}`);
  const entry = page.getByTestId("history-item");
  await expect(entry).toHaveCount(1);
  // The browser's locale (en-US here) writes the day.
  await expect(entry).toContainText("Jan 5, 2026");
  await expect(entry).not.toContainText("WhatsApp");
  await expect(entry).not.toContainText(/\d:\d\d/);
  await expect(entry.getByRole("button", { name: "Edit entry of Jan 5, 2026" })).toBeVisible();

  // Logged by hand, an entry has its time and channel.
  await page.getByRole("button", { name: "Log contact with Dora Day" }).first().click();
  await expect(entry).toHaveCount(2);
  await expect(entry.first()).toContainText(/WhatsApp|Other/);
});

test("the privacy notice and the terms open from the landing page and sign-up, signed in or not", async ({
  page,
}) => {
  await page.goto("/");
  await page
    .getByRole("navigation", { name: "Footer" })
    .getByRole("link", { name: "Privacy notice" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Privacy" })).toBeVisible();
  for (const section of ["What is stored", "For how long", "Who receives what"]) {
    await expect(page.getByRole("heading", { level: 2, name: section })).toBeVisible();
  }
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Terms" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Terms" })).toBeVisible();
  await expect(page.getByText("costs 8 USD a month, after a 14-day free trial")).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto("/auth?show=signup");
  await page.getByRole("link", { name: "Privacy notice" }).click();
  await expect(page).toHaveURL(/\/privacy$/);

  // A signed-in reader stays on the page instead of being sent to the contact list.
  await createUser(page);
  await page.goto("/terms");
  await expect(page.getByRole("heading", { level: 1, name: "Terms" })).toBeVisible();
  await expect(page).toHaveURL(/\/terms$/);
});
