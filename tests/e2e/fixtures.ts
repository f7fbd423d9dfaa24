// Shared browser-test helpers: signed-in users from the test-only route, the dev mailbox's mail,
// an axe check, and the server clock.
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";
import { twMerge } from "tailwind-merge";
import { freePort, startE2EServer } from "../helpers/app-process";

export { expect };

export const BASE_URL = `http://localhost:${process.env.E2E_PORT ?? 4173}`;

/** The calendar day `days` ago, as YYYY-MM-DD (UTC): a contact's last contact for the API. */
export function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

let counter = 0;
export function uniqueEmail(prefix = "e2e"): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${process.pid}-${counter}@example.com`;
}

export const PASSWORD = "correct-horse-1";

type DevMail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  createdAt: string;
  kind: string;
};

// Waits for the newest mail to `email` in the dev mailbox.
export async function waitForMail(
  request: APIRequestContext,
  email: string,
  kind = "verify-email",
): Promise<DevMail> {
  for (let i = 0; i < 50; i++) {
    const res = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(email.toLowerCase())}`);
    const { mails } = (await res.json()) as { mails: DevMail[] };
    const mail = mails.find((m) => m.kind === kind);
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no ${kind} mail arrived for ${email}`);
}

export function verificationLinkFrom(mail: DevMail): string {
  const match = mail.text.match(/https?:\/\/\S+\/verify-email\?\S+/);
  if (!match) throw new Error("no verification link in the mail");
  return match[0];
}

/** Opens the dev mailbox and follows the verification mail's link, as a person would. */
export async function openVerificationMailInMailbox(page: Page, email: string): Promise<void> {
  await page.goto("/dev/mailbox");
  await page
    .getByRole("listitem")
    .filter({ hasText: email })
    .getByRole("link", { name: "Confirm your email for Tend" })
    .click();
  await page.getByRole("link", { name: "Confirm my email" }).click();
}

export type E2EUser = { email: string; password: string };

// A verified user signed in within this page's browser context (page.request shares cookies),
// made by the test-only route: the real sign-up form, mailbox and onboarding have their own specs.
// `onboarded` also completes onboarding; `subscribed` starts the trial first; `origin` is the
// app's address when a spec runs a server of its own.
export async function createUser(
  page: Page,
  options: { onboarded?: boolean; subscribed?: boolean; email?: string; origin?: string } = {},
): Promise<E2EUser> {
  const { onboarded = true, subscribed = true } = options;
  const email = options.email ?? uniqueEmail();
  const res = await page.request.post(`${options.origin ?? ""}/api/test/users`, {
    headers: { origin: options.origin ?? BASE_URL },
    data: { email, password: PASSWORD, onboarded, subscribed },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { email, password: PASSWORD };
}

/** A +1 number (national part) no other test, or earlier run on this server, uses. */
export function uniqueNationalNumber(): string {
  return `415${String(Date.now() % 10_000_000).padStart(7, "0")}`;
}

/** Ada Lovelace, on a weekly rhythm, last seen 10 days ago: overdue, so in the digest. */
export async function addOverdueContact(page: Page, origin = BASE_URL): Promise<string> {
  const res = await page.request.post(`${origin}/api/contacts`, {
    headers: { origin },
    data: {
      firstName: "Ada",
      lastName: "Lovelace",
      rhythm: { interval: 1, unit: "week" },
      lastContactedOn: daysAgo(10),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

export async function setServerClock(request: APIRequestContext, offsetMs: number): Promise<void> {
  const res = await request.post("/api/test/clock", { data: { offsetMs } });
  expect(res.ok()).toBeTruthy();
}

/** The toasts on the page and whether each is entering, shown or leaving. */
function toastStates(page: Page): Promise<string> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>("[data-sonner-toast]"))
      .map((t) => `${t.textContent}:${t.dataset.mounted}:${t.dataset.removed}`)
      .join("|"),
  );
}

export async function expectNoAxeViolations(page: Page): Promise<void> {
  // A toast fades in and out: its colours are judged once the fades have ended. One that came or
  // timed out while axe was reading the page was judged mid-fade, so the page is read again.
  let results;
  for (let attempt = 0; attempt < 3; attempt++) {
    await settleAnimations(page);
    const before = await toastStates(page);
    // Legacy mode runs axe in the page itself. The default opens a blank page for every check
    // to merge the frames' results, which took about 40 % of each check's time; the app has
    // no frames to merge.
    results = await new AxeBuilder({ page }).setLegacyMode().analyze();
    if (results.violations.length === 0 || (await toastStates(page)) === before) break;
  }
  results = results!;
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 5)
        .join("\n  ")}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

// Every browser test fails on an uncaught page error or a content-security-policy violation:
// the CSP must hold for the real app.
export const test = base.extend({
  page: async ({ page }, use) => {
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    page.on("console", (message) => {
      if (
        message.type() === "error" &&
        /Content Security Policy|Refused to/i.test(message.text())
      ) {
        problems.push(`CSP: ${message.text()}`);
      }
    });
    await use(page);
    problems.push(...(await findClassConflicts(page)));
    expect(problems, "errors in the page").toEqual([]);
  },
});

// Nothing merges class names in the app: two utilities of one kind on one
// element (`w-full w-28`, `pt-0 pt-6`) leave the winner to the stylesheet's order, not to the
// code. tailwind-merge, here only, names the ones it would drop. What the page shows at the end
// of each test is checked.
async function findClassConflicts(page: Page): Promise<string[]> {
  const lists = await page
    .evaluate(() => [
      ...new Set([...document.querySelectorAll("[class]")].map((el) => el.getAttribute("class"))),
    ])
    .catch(() => []);
  return lists.flatMap((list) => {
    if (!list) return [];
    const kept = new Set(twMerge(list).split(" "));
    const lost = list.split(/\s+/).filter((name) => name && !kept.has(name));
    return lost.length
      ? [`classes of one kind on one element: ${lost.join(" ")} in "${list}"`]
      : [];
  });
}

// A toast being replaced stays on the page while it closes: the first match is enough.
export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  await expect(page.getByText(text).first()).toBeVisible();
}

/** The Undo of the toast shown now, not of one it replaced that is still closing. */
export function toastUndo(page: Page) {
  return page
    .locator('[data-sonner-toast]:not([data-removed="true"])')
    .getByRole("button", { name: "Undo", exact: true });
}

// Colours fade between themes and new content fades in: contrast is judged once the finite
// animations have ended (a spinner's endless one is left alone). The wait is capped at 5 s: an
// animation whose element is swapped out mid-run can leave its `finished` unsettled for good.
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const deadline = new Promise((resolve) => setTimeout(resolve, 5000, "late"));
    for (let round = 0; round < 10; round++) {
      const running = document
        .getAnimations()
        .filter(
          (a) => a.playState === "running" && a.effect?.getComputedTiming().iterations !== Infinity,
        );
      if (running.length === 0) return;
      const settled = Promise.all(running.map((a) => a.finished.catch(() => undefined)));
      if ((await Promise.race([settled, deadline])) === "late") return;
    }
  });
}

// Checks the page with axe in the light theme and in the dark one (the app follows the
// device's preference until the user picks a theme).
export async function expectAccessibleInBothThemes(page: Page): Promise<void> {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    if (colorScheme === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    else await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
    await settleAnimations(page);
    await expectNoAxeViolations(page);
  }
  await page.emulateMedia({ colorScheme: "light" });
}

/** Makes the page's browser one without WebGL, as a phone or locked-down desktop can be. */
export async function withoutWebGL(page: Page): Promise<void> {
  await page.addInitScript(() => {
    // eslint-disable-next-line @typescript-eslint/unbound-method -- called with its canvas below
    const original = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (
      this: HTMLCanvasElement,
      type: string,
      ...rest: unknown[]
    ) {
      if (/webgl/i.test(type)) return null;
      return (original as (...a: unknown[]) => unknown).call(this, type, ...rest);
    } as typeof original;
  });
}

/**
 * A server of the spec's own, on a free port, with an outside service's stand-in (started
 * first; its `env` points the server at it) and the background jobs running. The spec's tests
 * run one after another; read `own.app` and `own.standIn` inside them.
 */
export function serverOfItsOwn<T extends { env: Record<string, string>; close(): Promise<void> }>(
  startStandIn: () => Promise<T>,
) {
  const own = {} as { app: ReturnType<typeof startE2EServer>; standIn: T };
  test.describe.configure({ mode: "serial" });
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    own.standIn = await startStandIn();
    own.app = startE2EServer({
      port: String(await freePort()),
      dist: process.env.E2E_DIST ?? "dist/web",
      env: { ...own.standIn.env, E2E_SCHEDULER_ENABLED: "true" },
      readyTimeoutMs: 90_000,
    });
    await own.app.ready();
  });
  test.afterAll(async () => {
    own.app?.stop();
    await own.standIn?.close();
  });
  return own;
}
