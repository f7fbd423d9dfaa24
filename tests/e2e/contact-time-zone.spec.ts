// A contact's own clock in the browser: found from their place, chosen by hand on the edit form,
// and removed with "None" (decision 307).
import type { Page } from "@playwright/test";
import { BASE_URL, createUser, expect, expectAccessibleInBothThemes, test } from "./fixtures";

test.use({ locale: "en-GB", timezoneId: "UTC" });

// 23:10 in Lisbon (UTC+0 in December): night there; 18:10 in New York: a good time.
const NOW = new Date("2026-12-03T23:10:00Z");
const SHOTS = process.env.E2E_SCREENSHOTS;

async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
}

async function screenshots(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  for (const width of [390, 1280]) {
    for (const colorScheme of ["light", "dark"] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme });
      await page.screenshot({
        path: `${SHOTS}/${name}-${width}-${colorScheme}.png`,
        fullPage: true,
      });
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("a contact's local time comes from their place, a zone chosen by hand, or none", async ({
  page,
}) => {
  await page.clock.setFixedTime(NOW);
  await createUser(page);
  const res = await page.request.post("/api/contacts", {
    headers: { origin: BASE_URL },
    data: {
      firstName: "Ana",
      lastName: "Silva",
      city: "Lisbon",
      country: "Portugal",
      latitude: 38.7223,
      longitude: -9.1393,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: string };

  await page.goto(`/app/contacts/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Ana Silva" })).toBeVisible();
  const localTime = page.getByTestId("local-time");
  await expect(localTime).toHaveText("It's 23:10 for Ana (Lisbon time) · night there");
  await expectAccessibleInBothThemes(page);
  await screenshots(page, "contact-page");

  await page.getByRole("button", { name: "Edit", exact: true }).click();
  const mode = page.getByLabel("Time zone", { exact: true });
  await expect(mode).toHaveValue("place");
  await mode.selectOption({ label: "A zone I choose" });
  const zone = page.getByRole("combobox", { name: "Their zone" });
  await zone.fill("new york");
  await page
    .getByRole("listbox", { name: "Matching zones" })
    .getByRole("option", { name: /America\/New York/ })
    .click();
  await expect(zone).toHaveValue("America/New York");
  await expectAccessibleInBothThemes(page);

  await page.setViewportSize({ width: 320, height: 800 });
  await expectNoHorizontalScroll(page);
  await page.setViewportSize({ width: 390, height: 800 });
  for (const control of [mode, zone]) {
    const box = await control.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
  }
  await screenshots(page, "contact-edit");

  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(localTime).toHaveText(
    "It's 18:10 for Ana (New York time) · a good time to reach out",
  );
  const chosen = await (await page.request.get(`/api/contacts/${id}`)).json();
  expect(chosen).toMatchObject({ timeZone: "America/New_York", isTimeZoneSetByHand: true });

  // A chosen zone is kept through a reload, and "None" takes the line away.
  await page.reload();
  await expect(localTime).toContainText("New York time");
  await page.getByRole("button", { name: "Edit", exact: true }).click();
  await expect(mode).toHaveValue("zone");
  await mode.selectOption({ label: "None" });
  await expect(page.getByRole("combobox", { name: "Their zone" })).toBeHidden();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("button", { name: "Edit", exact: true })).toBeVisible();
  await expect(localTime).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Ana Silva" })).toBeVisible();
  await expect(localTime).toHaveCount(0);
  await page.setViewportSize({ width: 320, height: 800 });
  await expectNoHorizontalScroll(page);
});
