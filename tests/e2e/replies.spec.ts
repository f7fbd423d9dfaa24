// Replies (issue 48): a mail forwarded to the user's private address arrives through the real
// SMTP listener, the built-in reader and the pipeline; /app/replies shows it with what was done
// and what is suggested; Accept a suggestion, Undo an applied entry; the bell counts what waits;
// the contact's history marks the entry that came from a reply. Settings → Log by email shows the
// address and who reads the replies.
import { spawn, type ChildProcess } from "node:child_process";
import type { Page } from "@playwright/test";
import nodemailer from "nodemailer";
import type { InboundSettings, Reply } from "../../src/core/replies";
import {
  BASE_URL,
  createUser,
  expect,
  expectAccessibleInBothThemes,
  expectToast,
  test,
  type E2EUser,
} from "./fixtures";
import { overflowAt } from "./page-width";

// A server of this spec's own: the inbound mail listener runs with the background jobs, which
// the shared test server keeps off.
const port = Number(process.env.E2E_PORT ?? 4173) + 13;
const origin = `http://localhost:${port}`;
const INBOUND_SMTP_PORT = port + 2000;
let server: ChildProcess | undefined;

test.describe.configure({ mode: "serial" });
test.use({ baseURL: origin });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = spawn(process.execPath, ["scripts/e2e-server.mjs"], {
    stdio: "ignore",
    env: {
      ...process.env,
      PORT: String(port),
      WEB_DIST_DIR: process.env.E2E_DIST ?? "dist/web",
      E2E_SCHEDULER_ENABLED: "true",
      INBOUND_SMTP_PORT: String(INBOUND_SMTP_PORT),
    },
  });
  await expect
    .poll(
      () =>
        fetch(`${origin}/readyz`).then(
          (res) => res.status,
          () => 0,
        ),
      { timeout: 90_000 },
    )
    .toBe(200);
});

test.afterAll(() => {
  server?.kill("SIGTERM");
});

async function addContact(page: Page, data: Record<string, unknown>): Promise<{ id: string }> {
  const res = await page.request.post("/api/contacts", { data });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as { id: string };
}

async function inboundSettings(page: Page): Promise<InboundSettings> {
  const res = await page.request.get("/api/settings/inbound");
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as InboundSettings;
}

/** Forwards a mail with Grace from the user's own address to their forwarding address. */
async function forwardMail(user: E2EUser, to: string, text: string): Promise<void> {
  const transport = nodemailer.createTransport({
    host: "127.0.0.1",
    port: INBOUND_SMTP_PORT,
    secure: false,
    ignoreTLS: true,
  });
  try {
    await transport.sendMail({
      from: user.email,
      to,
      subject: "Fwd: Lunch on Thursday",
      text: [
        text,
        "",
        "---------- Forwarded message ---------",
        "From: Grace Hopper <grace.hopper@example.org>",
        `To: ${user.email}`,
        "Subject: Lunch on Thursday",
        "",
        "Lovely to see you. Talk soon!",
      ].join("\n"),
    });
  } finally {
    transport.close();
  }
}

/** No sideways scroll on a phone, a larger phone and a desktop, in both themes; a picture each. */
async function lookAtWidths(page: Page, name: string, part?: string): Promise<void> {
  for (const width of [320, 390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      expect(await overflowAt(page), `${width} px ${colorScheme}`).toEqual([]);
      const path = `test-results/${name}-${width}-${colorScheme}.png`;
      if (part) await page.locator(part).screenshot({ path });
      else await page.screenshot({ path, fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function waitForReplies(page: Page, count: number): Promise<Reply[]> {
  let items: Reply[] = [];
  await expect
    .poll(async () => {
      const res = await page.request.get("/api/replies");
      items = ((await res.json()) as { items: Reply[] }).items;
      return items.length;
    })
    .toBe(count);
  return items;
}

test("a forwarded mail shows on /app/replies: Accept a suggestion, Undo an applied entry, the bell's count and the history's mark", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const user = await createUser(page, { origin });
  const grace = await addContact(page, {
    firstName: "Grace",
    lastName: "Hopper",
    emails: [{ value: "grace.hopper@example.org" }],
  });

  // Before any reply: the page tells how replies work.
  await page.goto("/app/replies");
  await expect(page.getByRole("heading", { level: 1, name: "Replies" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No replies yet" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Settings → Log by email" })).toBeVisible();
  await lookAtWidths(page, "replies-empty");

  const settings = await inboundSettings(page);
  expect(settings.mailEnabled).toBe(true);
  await forwardMail(
    user,
    settings.forwardingAddress!,
    "Had coffee with Grace yesterday, she's moving to Lisbon.",
  );
  const [reply] = await waitForReplies(page, 1);
  const applied = reply!.actions.filter((a) => a.status === "applied");
  const suggested = reply!.actions.filter((a) => a.status === "suggested");
  expect(applied.length).toBeGreaterThan(0);
  expect(suggested.some((a) => a.details.kind === "place")).toBe(true);

  await page.reload();
  const card = page.getByRole("article", { name: /Forwarded mail/ });
  await expect(card).toBeVisible();
  await expect(card).toContainText("Had coffee with Grace yesterday, she's moving to Lisbon.");
  await expect(card).toContainText(`From ${user.email}`);
  // The bell carries the count of suggestions waiting, in its name.
  await expect(
    page.getByRole("button", { name: /1 suggestion from replies to review/ }),
  ).toBeVisible();
  await expectAccessibleInBothThemes(page);
  await lookAtWidths(page, "replies");

  // Accept the move to Lisbon, by keyboard.
  const accept = card.getByRole("button", { name: "Accept: Grace Hopper, Lives in Lisbon" });
  await accept.focus();
  await page.keyboard.press("Enter");
  await expectToast(page, "Grace Hopper: Lives in Lisbon.");
  await expect(
    card.getByRole("button", { name: "Undo: Grace Hopper, Lives in Lisbon" }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: /suggestions? from replies/ })).toHaveCount(0);
  const contact = (await (await page.request.get(`/api/contacts/${grace.id}`)).json()) as {
    city: string | null;
  };
  expect(contact.city).toBe("Lisbon");

  // The history marks the entry that came from the reply, and links back to it.
  await page.goto(`/app/contacts/${grace.id}`);
  const entry = page.getByTestId("history-item").first();
  await expect(entry.getByRole("link", { name: "From a reply" })).toBeVisible();
  await entry.getByRole("link", { name: "From a reply" }).click();
  await expect(page).toHaveURL(/\/app\/replies$/);

  // Undo the logged coffee: the entry leaves the history and waits as a suggestion again.
  const undo = card.getByRole("button", { name: /^Undo: Grace Hopper, In touch on / }).first();
  await undo.click();
  await expectToast(page, "Undone");
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/contacts/${grace.id}/interactions`);
      return ((await res.json()) as { items: { replyId?: string | null }[] }).items.filter(
        (i) => i.replyId,
      ).length;
    })
    .toBe(applied.filter((a) => a.kind === "interaction").length - 1);
});

test("Settings → Log by email shows the forwarding address, a new one on demand, and who reads replies", async ({
  page,
}) => {
  await createUser(page, { origin });
  const before = await inboundSettings(page);
  await page.goto("/app/settings#log-by-email");
  const card = page.locator("#log-by-email");
  await expect(card.getByRole("heading", { name: "Log by email" })).toBeVisible();
  await expect(card.getByTestId("forwarding-address")).toHaveText(before.forwardingAddress!);
  await expect(card).toContainText("Replies to reminder mails");
  await expect(card).toContainText("On this machine");
  await expectAccessibleInBothThemes(page);

  await card.getByRole("button", { name: "Get a new address" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Get a new forwarding address?" });
  await expect(dialog).toContainText("stops working at once");
  await dialog.getByRole("button", { name: "Get a new address" }).click();
  await expectToast(page, "New forwarding address ready");
  const after = await inboundSettings(page);
  expect(after.forwardingAddress).not.toBe(before.forwardingAddress);
  await expect(card.getByTestId("forwarding-address")).toHaveText(after.forwardingAddress!);
  await lookAtWidths(page, "settings-log-by-email", "#log-by-email");
});

test.describe("on a server without inbound mail", () => {
  test.use({ baseURL: BASE_URL });

  test("Settings → Log by email says replies are off and what whoever runs it sets", async ({
    page,
  }) => {
    await createUser(page);
    await page.goto("/app/settings#log-by-email");
    const card = page.locator("#log-by-email");
    await expect(card.getByRole("heading", { name: "Log by email" })).toBeVisible();
    await expect(card).toContainText("Off: mail is not set up on this server.");
    await expect(card).toContainText("INBOUND_SMTP_PORT");
    await expect(card).toContainText("INBOUND_IMAP_URL");
    await expect(card.getByTestId("forwarding-address")).toHaveCount(0);
    await expect(card.getByRole("button", { name: "Get a new address" })).toHaveCount(0);
    await expectAccessibleInBothThemes(page);
    await lookAtWidths(page, "settings-log-by-email-off", "#log-by-email");
  });
});
