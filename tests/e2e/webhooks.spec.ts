// Settings → Webhooks: a URL and its events chosen with the keyboard, the secret shown once with
// Copy, a contact added reaching a receiver on this machine signed with it, the delivery log with
// Resend, and Remove behind a confirmation; at 320, 390 and 1280 px in both themes.
import { BASE_URL, createUser, expect, expectAccessibleInBothThemes, test } from "./fixtures";
import { overflowAt } from "./page-width";
import { startWebhookReceiver } from "../helpers/webhook-receiver";

let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

test.beforeAll(async () => {
  receiver = await startWebhookReceiver();
});

test.afterAll(async () => {
  await receiver?.close();
});

test("adds a webhook with the keyboard, delivers a signed event, logs it, resends it and removes it", async ({
  page,
}) => {
  // Three axe passes in two themes and a delivery round trip: longer than most journeys.
  test.slow();
  await createUser(page);
  await page.goto("/app/settings");
  const card = page
    .locator(".ui-card")
    .filter({ has: page.getByText("Webhooks", { exact: true }) });
  const url = card.getByLabel("URL", { exact: true });
  await url.scrollIntoViewIfNeeded();
  await expectAccessibleInBothThemes(page);

  // Nothing ticked: said where the ticks are.
  await card.getByRole("checkbox", { name: /A contact is added/ }).uncheck();
  await card.getByRole("checkbox", { name: /A conversation is logged/ }).uncheck();
  await url.fill(receiver.url);
  await card.getByRole("button", { name: "Add webhook" }).click();
  await expect(card.getByRole("alert")).toHaveText("Choose at least one event to send.");

  await url.focus();
  await page.keyboard.press("Tab");
  await expect(card.getByRole("checkbox", { name: /A contact is added/ })).toBeFocused();
  await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(card.getByRole("checkbox", { name: /A conversation is logged/ })).toBeFocused();
  await page.keyboard.press("Space");
  for (let i = 0; i < 3; i += 1) await page.keyboard.press("Tab");
  await expect(card.getByRole("button", { name: "Add webhook" })).toBeFocused();
  await page.keyboard.press("Enter");

  const secret = card.getByTestId("webhook-event-secret");
  await expect(secret).toHaveText(/^whsec_/);
  receiver.state.secret = (await secret.textContent())!;
  await expect(card.getByRole("button", { name: "Copy" })).toBeVisible();
  for (const width of [320, 390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await overflowAt(page)).toEqual([]);
    if (width === 320) continue;
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await card.screenshot({ path: `test-results/webhooks-new-${width}-${scheme}.png` });
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await card.getByRole("button", { name: "Done" }).click();
  await expect(secret).toHaveCount(0);

  const added = await page.request.post("/api/contacts", {
    headers: { origin: BASE_URL },
    data: { firstName: "Ada", lastName: "Lovelace" },
  });
  expect(added.status()).toBe(201);
  await expect.poll(() => receiver.received.length).toBe(1);
  expect(receiver.received[0]!.event).toMatchObject({
    type: "contact.created",
    data: { contact: { firstName: "Ada", lastName: "Lovelace" } },
  });
  expect(receiver.refused).toEqual([]);

  await page.reload();
  const row = card.getByTestId("webhook");
  await expect(row).toContainText(receiver.url);
  await expect(row).toContainText("contact.created, interaction.logged");
  await expect(page.getByText(receiver.state.secret)).toHaveCount(0);
  await row.getByRole("button", { name: "Delivery log" }).click();
  const delivery = row.getByTestId("webhook-delivery");
  await expect(delivery).toContainText("contact.created");
  await expect(delivery).toContainText("Delivered");
  await expect(delivery).toContainText("HTTP 200");
  await expectAccessibleInBothThemes(page);
  for (const width of [320, 390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await overflowAt(page)).toEqual([]);
    if (width <= 390) {
      // The tick box's whole row is its target.
      const eventRow = card
        .locator("label")
        .filter({ has: page.getByRole("checkbox") })
        .first();
      for (const control of [
        row.getByRole("button", { name: /Resend/ }),
        row.getByRole("button", { name: /Remove/ }),
        row.getByRole("button", { name: "Delivery log" }),
        eventRow,
      ]) {
        expect((await control.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      }
    }
    if (width === 320) continue;
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await card.screenshot({ path: `test-results/webhooks-log-${width}-${scheme}.png` });
    }
  }
  await page.emulateMedia({ colorScheme: "light" });

  await row.getByRole("button", { name: /Resend/ }).click();
  await expect.poll(() => receiver.state.requests).toBe(2);

  await row.getByRole("button", { name: `Remove ${receiver.url}` }).click();
  await page.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(row).toHaveCount(0);
  await page.request.post("/api/contacts", {
    headers: { origin: BASE_URL },
    data: { firstName: "Grace" },
  });
  await page.waitForTimeout(500);
  expect(receiver.state.requests).toBe(2);
});
