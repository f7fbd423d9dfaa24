// Sweeps over every route the app registers. The inventory comes from the app
// itself (`app.routeInventory`, filled by an onRoute hook), so a route added later is swept too —
// and a route nobody has classified below fails the first test until someone decides what it is.
import { createECDH, randomBytes } from "node:crypto";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addContact } from "../helpers/contacts-test-kit";
import { makePng } from "../helpers/images-kit";
import { multipart, upload } from "../helpers/import-test-kit";
import {
  concrete,
  HIDDEN_WITHOUT_SESSION,
  MUTATING,
  PUBLIC,
  SIGNED_IN,
  STREAMING,
  TOKEN,
} from "../helpers/route-inventory";
import { injectWithToken, makeToken } from "../helpers/api-token-kit";
import {
  build,
  createUser,
  injectAs,
  TEST_APP_URL,
  type TestApp,
  type TestUser,
} from "../helpers/test-app";

/** `/api/…` spelled as the router still reads it, or nearly: encoded letters, slashes, case. */
function encodedForms(url: string): string[] {
  const rest = url.slice("/api/".length);
  return [
    `/%61pi/${rest}`,
    `/%61%70%69/${rest}`,
    `/%41pi/${rest}`,
    `/a%50I/${rest}`,
    `/api%2F${rest}`,
    `/api%2f${rest}`,
    `/%2Fapi/${rest}`,
  ];
}

// Authenticated by the caller's own signature, not a browser cookie: no Origin to check.
const SIGNED_WEBHOOKS = new Set([
  "POST /api/billing/webhook",
  "POST /api/inbound/sms/twilio",
  "POST /api/inbound/email/mailgun",
  "POST /api/inbound/email/mailgun/mime",
  "POST /api/inbound/whatsapp",
  "POST /api/inbound/telegram",
]);

describe("route sweeps", () => {
  let t: TestApp;
  let routes: string[];
  beforeAll(async () => {
    t = await build({ ENABLE_TEST_ROUTES: "true" });
    routes = [...new Set(t.app.routeInventory)];
  });
  afterAll(async () => t.close());

  it("classifies every route the app registers, and lists none that is gone", () => {
    const unclassified = routes.filter((r) => !PUBLIC.has(r) && !SIGNED_IN.has(r) && !TOKEN.has(r));
    expect(unclassified, "add each new route to PUBLIC, SIGNED_IN or TOKEN").toEqual([]);
    const gone = [...PUBLIC, ...SIGNED_IN, ...TOKEN].filter(
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
      const expected = HIDDEN_WITHOUT_SESSION.has(route) ? 404 : 401;
      if (res.statusCode !== expected) wrong.push(`${route} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it("answers 401 without a token on every token route, whatever session comes with it", async () => {
    const user = await createUser(t.app);
    const wrong: string[] = [];
    for (const route of TOKEN) {
      const { method, url } = concrete(route);
      for (const credential of ["none", "cookie", "malformed"]) {
        const res = await injectAs(
          t.app,
          credential === "cookie" ? user : { ...user, cookie: "" },
          {
            method: method,
            url,
            headers: credential === "malformed" ? { authorization: "Bearer tend_pat_nope" } : {},
            ...(method === "GET" || method === "DELETE" ? {} : { payload: {} }),
          },
        );
        if (res.statusCode !== 401) wrong.push(`${route} with ${credential} → ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("keeps every token route's GET answer out of shared caches", async () => {
    const user = await createUser(t.app);
    const { token } = await makeToken(t.app, user, { scope: "read" });
    const wrong: string[] = [];
    for (const route of [...TOKEN].filter((r) => r.startsWith("GET "))) {
      const res = await injectWithToken(t.app, token, { url: concrete(route).url });
      if (res.headers["cache-control"] !== "private, no-store")
        wrong.push(`${route} → ${res.statusCode} ${res.headers["cache-control"]}`);
    }
    expect(wrong).toEqual([]);
  });

  it("keeps every signed-in GET answer out of shared and back-forward caches", async () => {
    const user = await createUser(t.app);
    // Routes that choose their own caching: the list's ETag, and data that holds no account.
    const OWN_CACHING: Record<string, RegExp> = {
      "GET /api/contacts": /^private, no-cache$/,
      "GET /api/geocode": /^private, max-age=\d+$/,
      "GET /api/geocode/country": /^private, max-age=\d+$/,
      "GET /api/map/static.svg": /^private, max-age=\d+$/,
    };
    const answers: Record<string, string> = {};
    for (const route of SIGNED_IN) {
      if (!route.startsWith("GET ") || STREAMING.has(route) || HIDDEN_WITHOUT_SESSION.has(route))
        continue;
      const { url } = concrete(route);
      const query = "?q=Lisbon&name=Portugal&lat=38.7&lng=-9.1";
      const res = await injectAs(t.app, user, { method: "GET", url: url + query });
      answers[route] = `${res.statusCode} ${res.headers["cache-control"] ?? "(none)"}`;
    }
    const session = await injectAs(t.app, user, { method: "GET", url: "/api/auth/get-session" });
    answers["GET /api/auth/get-session"] = `200 ${session.headers["cache-control"] ?? "(none)"}`;
    const wrong = Object.entries(answers).filter(([route, answer]) => {
      const header = answer.slice(4);
      return !(OWN_CACHING[route] ?? /^private, no-store$/).test(header);
    });
    expect(Object.keys(answers).length).toBeGreaterThan(15);
    expect(wrong).toEqual([]);
  }, 120_000);

  it("refuses a foreign Origin with 403 on every mutating /api route, however it is spelled", async () => {
    const user = await createUser(t.app);
    const wrong: string[] = [];
    for (const route of routes.filter((r) => MUTATING.test(r))) {
      const { method, url } = concrete(route);
      if (!url.startsWith("/api/") || SIGNED_WEBHOOKS.has(route)) continue;
      const attempts = [
        ...["https://evil.example", "http://localhost:3001", "null"].map((origin) => ({
          url,
          origin,
        })),
        ...encodedForms(url).map((encoded) => ({ url: encoded, origin: "https://evil.example" })),
      ];
      for (const attempt of attempts) {
        const res = await injectAs(t.app, user, {
          method: method,
          url: attempt.url,
          headers: { origin: attempt.origin },
          payload: {},
        });
        if (res.statusCode !== 403)
          wrong.push(`${method} ${attempt.url} from ${attempt.origin} → ${res.statusCode}`);
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
    let fileUrl: string;
    const snapshot = async () =>
      JSON.stringify(
        await Promise.all(
          [
            "/api/contacts",
            "/api/contacts/tags",
            `/api/contacts/${ids.id}/interactions`,
            "/api/imports",
            "/api/notifications",
            "/api/push/subscriptions",
            "/api/tokens",
          ].map(async (url) => (await injectAs(t.app, owner, { url })).json()),
        ),
      ) + (await injectAs(t.app, owner, { url: fileUrl })).rawPayload.toString("base64");

    beforeAll(async () => {
      owner = await createUser(t.app);
      stranger = await createUser(t.app);
      const contact = await addContact(t.app, owner, {
        firstName: "Owned",
        rhythm: { interval: 1, unit: "week" },
        tags: ["Inner-circle"],
      });
      ids.id = contact.id;
      // A group (tag) with a rhythm: its name is the id of PUT /api/tags/:name.
      ids.name = "Inner-circle";
      await injectAs(t.app, owner, {
        method: "PUT",
        url: `/api/tags/${ids.name}`,
        payload: { rhythm: { interval: 2, unit: "week" } },
      });
      const logged = await injectAs(t.app, owner, {
        method: "POST",
        url: `/api/contacts/${contact.id}/interactions`,
        payload: { note: "Private" },
      });
      ids.interactionId = logged.json().interaction.id;
      ids.undoId = logged.json().undoId;
      // An import (its id, and the "Import finished" notification it leaves) and a stored file.
      const imported = await upload(t.app, owner, "/api/imports", {
        name: "friends.csv",
        content: "First Name,Last Name\nGrace,Hopper\n",
      });
      ids.importId = imported.json().import.id;
      const alerts = await injectAs(t.app, owner, { url: "/api/notifications" });
      ids.notificationId = alerts.json()[0].user_notification_id;
      const avatar = await injectAs(t.app, owner, {
        method: "POST",
        url: "/api/profile/avatar/upload",
        ...(await multipart({ name: "me.png", content: await makePng(), type: "image/png" })),
      });
      fileUrl = avatar.json().url;
      // A browser's push subscription (a public address: nothing is sent to it here).
      const browserKey = createECDH("prime256v1");
      browserKey.generateKeys();
      const device = await injectAs(t.app, owner, {
        method: "POST",
        url: "/api/push/subscriptions",
        payload: {
          endpoint: "https://8.8.8.8/push/owned",
          keys: {
            p256dh: browserKey.getPublicKey().toString("base64url"),
            auth: randomBytes(16).toString("base64url"),
          },
        },
      });
      ids.pushSubscriptionId = device.json().id;
      ids.tokenId = (await makeToken(t.app, owner)).id;
      const partner = await addContact(t.app, owner, { firstName: "Partner" });
      const linked = await injectAs(t.app, owner, {
        method: "POST",
        url: `/api/contacts/${contact.id}/relationships`,
        payload: { relatedContactId: partner.id, type: "partner" },
      });
      ids.relId = linked.json().id;
      const household = await injectAs(t.app, owner, {
        method: "POST",
        url: "/api/households",
        payload: { name: "The Owned", contactIds: [contact.id, partner.id] },
      });
      ids.householdId = household.json().id;
      expect(Object.values(ids).every(Boolean) && fileUrl, JSON.stringify(ids)).toBeTruthy();
      before = await snapshot();
    });

    // Every id parameter filled with the owner's own: a contact, an interaction, an undo, an
    // import, a notification, a stored file. A parameter with none fails the sweep.
    function ownersUrl(path: string): string {
      if (path.startsWith("/api/files/")) return fileUrl;
      const url = path.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
        const key = path.startsWith("/api/imports")
          ? "importId"
          : path.startsWith("/api/notifications")
            ? "notificationId"
            : path.startsWith("/api/push")
              ? "pushSubscriptionId"
              : path.startsWith("/api/tokens")
                ? "tokenId"
                : path.startsWith("/api/households")
                  ? "householdId"
                  : name;
        return ids[key] ?? `no-owner-id-for-${name}`;
      });
      expect(url, `an owner's id for every parameter of ${path}`).not.toContain("no-owner-id");
      return url;
    }

    /** Each route with the owner's ids, sent as the stranger: what answered other than 404. */
    async function strangerAnswers(
      routes: string[],
      send: (options: InjectOptions) => Promise<LightMyRequestResponse>,
    ): Promise<string[]> {
      const wrong: string[] = [];
      for (const route of routes) {
        const [method, path] = route.split(" ") as [string, string];
        const res = await send({
          method: method,
          url: ownersUrl(path),
          ...(method === "GET" || method === "DELETE"
            ? {}
            : {
                payload:
                  method === "PATCH"
                    ? { note: "x", firstName: "x", name: "x" }
                    : path.endsWith("/relationships")
                      ? { relatedContactId: ids.id, type: "friend" }
                      : method === "PUT"
                        ? { rhythm: null }
                        : { days: 3 },
              }),
        });
        if (res.statusCode !== 404) wrong.push(`${route} → ${res.statusCode}`);
        if (res.body.includes("Owned") || res.body.includes("Private"))
          wrong.push(`${route} leaks`);
      }
      return wrong;
    }

    it("answers 404 on every signed-in route with an id, and changes nothing", async () => {
      // A chat channel's :kind names one of the session user's own channels, not an id, and a
      // :tab is the page's own id, looked up only among the session user's tabs
      // (push-presence.test.ts tries another user's there).
      // A webhook needs a receiver that resolves, so webhooks.test.ts tries another user's there.
      const withIds = [...SIGNED_IN].filter(
        (r) => /:(?!kind\b|tab\b)/.test(r) && !r.includes("/api/webhooks/"),
      );
      expect(await strangerAnswers(withIds, (o) => injectAs(t.app, stranger, o))).toEqual([]);
      expect(await snapshot()).toBe(before);
    });

    it("answers 404 on every token route with an id, to a write token of another user", async () => {
      const { token } = await makeToken(t.app, stranger, { scope: "write" });
      // As above, a webhook needs a receiver: v1.test.ts tries another user's webhook there.
      const withIds = [...TOKEN].filter((r) => r.includes(":") && !r.includes("/api/v1/webhooks/"));
      expect(await strangerAnswers(withIds, (o) => injectWithToken(t.app, token, o))).toEqual([]);
      expect(await snapshot()).toBe(before);
    });
  });
});

describe("the API's rate limit", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ RATE_LIMIT_ENABLED: "true", API_RATE_LIMIT_PER_MINUTE: "3" });
  });
  afterAll(async () => t.close());

  it("counts encoded /api paths with the plain ones, and refuses them past the limit", async () => {
    const statuses: number[] = [];
    for (const url of ["/%61pi/config", "/%61%70%69/config", "/api/config", "/%61pi/config"]) {
      statuses.push((await t.app.inject({ url })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
