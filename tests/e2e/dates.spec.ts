// One way to write a date, a time and a time zone (decision 276): a British browser sees
// day-first dates and a 24-hour clock on every page that shows one, every time on the account's
// own zone (here Lisbon, while the browser sits in Tokyo), and that zone named one way.
import type { Page } from "@playwright/test";
import { BASE_URL, createUser, expect, test } from "./fixtures";

const ACCOUNT_ZONE = "Europe/Lisbon";
test.use({ locale: "en-GB", timezoneId: "Asia/Tokyo" });

/** As en-GB writes a date and time on the account's zone ("3 Mar 2025, 14:05"). */
function britishDateTime(iso: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: ACCOUNT_ZONE,
  }).format(new Date(iso));
}

function britishDate(iso: string): string {
  return new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: ACCOUNT_ZONE }).format(
    new Date(iso),
  );
}

const MONTH = "(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)";
const DATE_TIME = new RegExp(`^\\d{1,2} ${MONTH} \\d{4}, \\d{2}:\\d{2}$`);

// The forms another locale, an engine default or a hand-built string would write.
const FOREIGN_FORMS: [RegExp, string][] = [
  [new RegExp(`\\b${MONTH}[a-z]* \\d{1,2}, \\d{4}`), "a month-first date"],
  [/\b\d{1,2}:\d{2}\s?[AaPp]\.?[Mm]\b/, "a 12-hour time"],
  [/\b\d{4}-\d{2}-\d{2}\b/, "an ISO date"],
  [/\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/, "an all-number date"],
  // PST, BST, EDT…; not the webhook card's "POST", which is the HTTP method.
  [
    /\b(?:GMT|UTC)[+−-]\d|\bGMT\b|\b(?!POST\b)[A-Z]{1,2}[SD]T\b/,
    "an offset or abbreviation as the zone",
  ],
  [/\b(?:Africa|America|Asia|Atlantic|Australia|Europe|Indian|Pacific)\/[A-Z]/, "a raw zone id"],
];

/** The page's words and its dates' tooltips hold only the British forms and the one zone label. */
async function expectOneDateStyle(page: Page): Promise<void> {
  const main = page.locator("main");
  await expect(main).toBeVisible();
  const text = await main.innerText();
  const titles = await main
    .locator("time[title]")
    .evaluateAll((times) => times.map((t) => t.getAttribute("title") ?? ""));
  for (const written of [text, ...titles]) {
    for (const [pattern, what] of FOREIGN_FORMS) {
      expect(written, `${what} on ${page.url()}`).not.toMatch(pattern);
    }
  }
}

async function post(page: Page, url: string, data: unknown) {
  const res = await page.request.post(url, { headers: { origin: BASE_URL }, data });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as { id: string };
}

test("every page writes dates, times and the zone one way, in the browser's locale and the account's zone", async ({
  page,
}) => {
  test.slow();
  await createUser(page);
  const zone = await page.request.patch("/api/settings/reminders", {
    headers: { origin: BASE_URL },
    data: {
      reminderMethod: "email",
      reminderFrequency: 1,
      reminderCadence: "days",
      reminderTime: "9",
      timezone: ACCOUNT_ZONE,
    },
  });
  expect(zone.ok(), await zone.text()).toBeTruthy();
  const { id } = await post(page, "/api/contacts", {
    firstName: "Dora",
    lastName: "Dates",
    birthday: { day: 3, month: 3, year: 1990 },
    rhythm: { interval: 1, unit: "month" },
  });
  // 14:05 in Lisbon (UTC+0 in March), 23:05 in the browser's Tokyo.
  const loggedAt = "2025-03-03T14:05:00.000Z";
  await post(page, `/api/contacts/${id}/interactions`, { occurredAt: loggedAt, channel: "phone" });
  const imported = await page.request.post("/api/imports", {
    headers: { origin: BASE_URL },
    multipart: {
      file: {
        name: "friends.csv",
        mimeType: "text/csv",
        buffer: Buffer.from("First name,Last name\nIda,Import\n"),
      },
    },
  });
  expect(imported.status(), await imported.text()).toBe(201);

  // The contact list, drawn by the server for this browser and then hydrated.
  await page.goto("/app/contacts");
  await expect(page.getByRole("link", { name: /Dora Dates/ }).first()).toBeVisible();
  await expect(page.locator("main")).toContainText("3 Mar 2025");
  await expectOneDateStyle(page);

  await page.goto(`/app/contacts/${id}`);
  const entry = page.getByTestId("history-item");
  await expect(entry).toContainText("3 Mar 2025, 14:05");
  await expect(
    entry.getByRole("button", { name: "Edit entry of 3 Mar 2025, 14:05" }),
  ).toBeVisible();
  // Its edit form reads the time on the same clock.
  await entry.getByRole("button", { name: "Edit entry of 3 Mar 2025, 14:05" }).click();
  await expect(page.getByLabel("When")).toHaveValue("2025-03-03T14:05");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(page.locator("main")).toContainText("3 March 1990");
  await expectOneDateStyle(page);

  await page.goto("/app/rhythms");
  await expect(page.getByRole("heading", { level: 1, name: "Rhythms" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Dora Dates" })).toBeVisible();
  await expectOneDateStyle(page);

  await page.goto("/app/settings");
  await expect(page.getByText("Every day at 09:00 by email")).toBeVisible();
  await expect(page.getByLabel("Reminder time").locator("option").nth(18)).toHaveText("18:00");
  await expect(page.getByTestId("next-reminder")).toHaveText(
    new RegExp(`^\\d{1,2} ${MONTH} \\d{4}, 09:00 Lisbon time$`),
  );
  await page.getByRole("button", { name: "Send a test reminder now" }).click();
  const delivery = page.getByTestId("delivery-item").first().locator("time");
  await expect(delivery).toHaveText(DATE_TIME);
  const sentAt = await delivery.getAttribute("dateTime");
  await expect(delivery).toHaveText(britishDateTime(sentAt ?? ""));
  await expect(page.getByText("newest first, with times in Lisbon time.")).toBeVisible();
  const billing = (await (await page.request.get("/api/billing/status")).json()) as {
    billingStatus: { currentPeriodEnd: string };
  };
  await expect(page.getByRole("region", { name: "Subscription" })).toContainText(
    `Your trial ends on ${britishDate(billing.billingStatus.currentPeriodEnd)}:`,
  );
  await expectOneDateStyle(page);

  await page.goto("/app/notifications");
  const received = page.locator("main time").first();
  await expect(received).toHaveAttribute("title", DATE_TIME);
  const notifiedAt = await received.getAttribute("dateTime");
  await expect(received).toHaveAttribute("title", britishDateTime(notifiedAt ?? ""));
  await expectOneDateStyle(page);

  await page.goto("/app/import");
  const importedAt = page.getByRole("region", { name: "Recent imports" }).locator("time").first();
  await expect(importedAt).toHaveAttribute("title", DATE_TIME);
  await expect(importedAt).toHaveAttribute(
    "title",
    britishDateTime((await importedAt.getAttribute("dateTime")) ?? ""),
  );
  await expectOneDateStyle(page);
});
