// Sweeps over every route the app registers (issue 16 item 4). The inventory comes from the app
// itself (`app.routeInventory`, filled by an onRoute hook), so a route added later is swept too —
// and a route nobody has classified below fails the first test until someone decides what it is.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addContact } from "../helpers/contacts-test-kit";
import {
  build,
  createUser,
  injectAs,
  TEST_APP_URL,
  type TestApp,
  type TestUser,
} from "../helpers/test-app";

/** Needs no session: public pages and data, sign-in itself, or a token of its own. */
const PUBLIC = new Set([
  "GET /healthz",
  "GET /readyz",
  "GET /api/config",
  "GET /api/docs",
  "GET /api/docs/openapi.json",
  "GET /api/avatars/:style.svg",
  "POST /api/leads",
  "POST /api/verify-email",
  "POST /api/auth-events",
  "GET /api/auth/*",
  "POST /api/auth/*",
  "POST /api/billing/checkout",
  "POST /api/billing/webhook",
  // A signed token in the path is the credential (one-tap links, unsubscribe, calendar feed).
  "GET /r/:token",
  "POST /r/:token",
  "GET /unsubscribe/:token",
  "POST /unsubscribe/:token",
  "GET /calendar/:file",
  // Development only (loopback, never in production) and test-only routes.
  "GET /api/dev/mailbox",
  "GET /dev/mailbox",
  "GET /dev/mailbox/:id",
  "POST /api/test/clock",
  "POST /api/test/notifications",
]);

/** Needs a signed-in user: everything else under /api. */
const SIGNED_IN = new Set([
  "GET /api/me",
  "PATCH /api/me",
  "GET /api/billing/status",
  "POST /api/billing/link",
  "POST /api/billing/onboarding-subscription",
  "POST /api/billing/portal",
  "POST /api/billing/subscription/cancel",
  "POST /api/billing/subscription/resume",
  "GET /api/onboarding",
  "POST /api/onboarding/complete",
  "GET /api/contacts",
  "POST /api/contacts",
  "GET /api/contacts/tags",
  "POST /api/contacts/bulk/rhythm",
  "GET /api/contacts/:id",
  "PATCH /api/contacts/:id",
  "DELETE /api/contacts/:id",
  "POST /api/contacts/:id/archive",
  "POST /api/contacts/:id/unarchive",
  "POST /api/contacts/:id/snooze",
  "DELETE /api/contacts/:id/snooze",
  "GET /api/contacts/:id/interactions",
  "POST /api/contacts/:id/interactions",
  "PATCH /api/contacts/:id/interactions/:interactionId",
  "DELETE /api/contacts/:id/interactions/:interactionId",
  "GET /api/imports",
  "POST /api/imports",
  "POST /api/imports/preview",
  "POST /api/imports/:id/undo",
  "GET /api/exports/account.json",
  "GET /api/exports/contacts.csv",
  "GET /api/exports/contacts.vcf",
  "GET /api/notifications",
  "POST /api/notifications/:id/seen",
  "POST /api/notifications/mark-all-seen",
  "GET /api/settings/reminders",
  "PATCH /api/settings/reminders",
  "GET /api/reminders/channels",
  "GET /api/reminders/deliveries",
  "POST /api/reminders/test",
  "POST /api/reminders/calendar",
  "POST /api/reminders/email/resume",
]);

const MUTATING = /^(POST|PUT|PATCH|DELETE) /;
const SOME_ID = "7d4e4a52-4a8e-4b7e-9d38-2f4bb0a0c001";

function concrete(route: string): { method: string; url: string } {
  const [method, path] = route.split(" ") as [string, string];
  const url = path
    .replace(":style.svg", "avataaars.svg")
    .replace(/:[A-Za-z]+/g, SOME_ID)
    .replace("*", "get-session");
  return { method, url };
}

describe("route sweeps", () => {
  let t: TestApp;
  let routes: string[];
  beforeAll(async () => {
    t = await build({ ENABLE_TEST_ROUTES: "true" });
    routes = [...new Set(t.app.routeInventory)];
  });
  afterAll(async () => t.close());

  it("classifies every route the app registers, and lists none that is gone", () => {
    const unclassified = routes.filter((r) => !PUBLIC.has(r) && !SIGNED_IN.has(r));
    expect(unclassified, "add each new route to PUBLIC or SIGNED_IN").toEqual([]);
    const gone = [...PUBLIC, ...SIGNED_IN].filter(
      (r) => !routes.includes(r) && r !== "POST /api/billing/webhook",
    );
    expect(gone, "remove routes that no longer exist").toEqual([]);
  });

  it("answers 401 without a session on every route that needs one", async () => {
    const wrong: string[] = [];
    for (const route of SIGNED_IN) {
      const { method, url } = concrete(route);
      const res = await t.app.inject({
        method: method as "GET",
        url,
        headers: { origin: TEST_APP_URL },
        ...(method === "GET" || method === "DELETE" ? {} : { payload: {} }),
      });
      if (res.statusCode !== 401) wrong.push(`${route} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it("refuses a foreign Origin with 403 on every mutating /api route", async () => {
    const user = await createUser(t.app);
    const wrong: string[] = [];
    for (const route of routes.filter((r) => MUTATING.test(r))) {
      const { method, url } = concrete(route);
      if (!url.startsWith("/api/") || route === "POST /api/billing/webhook") continue;
      for (const origin of ["https://evil.example", "http://localhost:3001", "null"]) {
        const res = await injectAs(t.app, user, {
          method: method,
          url,
          headers: { origin },
          payload: {},
        });
        if (res.statusCode !== 403) wrong.push(`${route} from ${origin} → ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("never answers 500 to a public route called with nothing", async () => {
    const wrong: string[] = [];
    for (const route of PUBLIC) {
      if (!routes.includes(route)) continue;
      const { method, url } = concrete(route);
      const res = await t.app.inject({
        method: method as "GET",
        url,
        headers: { origin: TEST_APP_URL },
        ...(method === "GET" ? {} : { payload: {} }),
      });
      if (res.statusCode >= 500) wrong.push(`${route} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  describe("another user's ids", () => {
    let owner: TestUser;
    let stranger: TestUser;
    const ids: Record<string, string> = {};
    let before: string;
    const snapshot = async () =>
      JSON.stringify(
        await Promise.all(
          ["/api/contacts", `/api/contacts/${ids.id}/interactions`, "/api/imports"].map(
            async (url) => (await injectAs(t.app, owner, { url })).json(),
          ),
        ),
      );

    beforeAll(async () => {
      owner = await createUser(t.app);
      stranger = await createUser(t.app);
      const contact = await addContact(t.app, owner, {
        firstName: "Owned",
        rhythm: { interval: 1, unit: "week" },
      });
      ids.id = contact.id;
      const logged = await injectAs(t.app, owner, {
        method: "POST",
        url: `/api/contacts/${contact.id}/interactions`,
        payload: { note: "Private" },
      });
      ids.interactionId = logged.json().interaction.id;
      before = await snapshot();
    });

    it("answers 404 on every signed-in route with an id, and changes nothing", async () => {
      const wrong: string[] = [];
      for (const route of [...SIGNED_IN].filter((r) => r.includes(":"))) {
        const [method, path] = route.split(" ") as [string, string];
        // The owner's ids for the routes about contacts; for imports and notifications a
        // random id stands in (their own tests use real ones: undo.test, notifications.test).
        const url = path.replace(/:([A-Za-z]+)/g, (_m, name: string) =>
          path.startsWith("/api/contacts") ? (ids[name] ?? SOME_ID) : SOME_ID,
        );
        const res = await injectAs(t.app, stranger, {
          method: method,
          url,
          ...(method === "GET" || method === "DELETE"
            ? {}
            : { payload: method === "PATCH" ? { note: "x", firstName: "x" } : { days: 3 } }),
        });
        if (res.statusCode !== 404) wrong.push(`${route} → ${res.statusCode}`);
        if (res.body.includes("Owned") || res.body.includes("Private"))
          wrong.push(`${route} leaks`);
      }
      expect(wrong).toEqual([]);
      expect(await snapshot()).toBe(before);
    });
  });
});
