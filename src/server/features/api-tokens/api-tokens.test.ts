// Personal access tokens: made once and shown once, stored hashed, scoped, expiring, revocable,
// good only on the token routes, and ended with the person's sessions.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiTokens } from "../../db/schema/index";
import { injectWithToken, makeToken } from "../../../../tests/helpers/api-token-kit";
import { setNow } from "../../../../tests/helpers/contacts-test-kit";
import {
  build,
  createUser,
  injectAs,
  TEST_APP_URL,
  type TestApp,
} from "../../../../tests/helpers/test-app";
import { hashApiToken } from "./api-tokens.service";

describe("personal access tokens", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => t.close());

  const listContacts = (token: string) =>
    injectWithToken(t.app, token, { method: "GET", url: "/api/v1/contacts" });

  it("is shown once, stored as its hash, and listed without the secret", async () => {
    const user = await createUser(t.app);
    const { id, token } = await makeToken(t.app, user, {
      name: "Shortcuts",
      scope: "read",
      expiresInDays: 30,
    });
    expect(token).toMatch(/^tend_pat_[A-Za-z0-9_-]{43}$/);
    const [row] = await t.app.db.select().from(apiTokens).where(eq(apiTokens.id, id));
    expect(row!.tokenHash).toBe(hashApiToken(token));
    expect(JSON.stringify(row)).not.toContain(token.slice(13));
    const list = await injectAs(t.app, user, { method: "GET", url: "/api/tokens" });
    expect(list.statusCode).toBe(200);
    const [listed] = list.json().items;
    expect(listed).toMatchObject({ id, name: "Shortcuts", scope: "read", lastUsedAt: null });
    expect(listed.prefix).toBe(token.slice(0, 13));
    expect(list.body).not.toContain(token);
    expect(Date.parse(listed.expiresAt) - Date.parse(listed.createdAt)).toBe(30 * 86_400_000);

    expect((await listContacts(token)).statusCode).toBe(200);
    const after = await injectAs(t.app, user, { method: "GET", url: "/api/tokens" });
    expect(after.json().items[0].lastUsedAt).not.toBeNull();
  });

  it("refuses a name, scope or expiry it does not know, with a message per field", async () => {
    const user = await createUser(t.app);
    const res = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/tokens",
      payload: { name: " ", scope: "admin", expiresInDays: 7 },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(["expiresInDays", "name", "scope"]);
  });

  it("lets a read token read and not write", async () => {
    const user = await createUser(t.app);
    const { token } = await makeToken(t.app, user, { scope: "read" });
    const write = await injectWithToken(t.app, token, {
      method: "POST",
      url: "/api/v1/contacts",
      payload: { firstName: "Ada" },
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().error.message).toMatch(/can only read/);
    expect((await listContacts(token)).json().items).toEqual([]);
  });

  it("stops at its expiry", async () => {
    const user = await createUser(t.app);
    const realNow = t.app.clock.now;
    try {
      setNow(t.app, "2026-01-01T12:00:00Z");
      const { token } = await makeToken(t.app, user, { expiresInDays: 30 });
      setNow(t.app, "2026-01-31T11:59:00Z");
      expect((await listContacts(token)).statusCode).toBe(200);
      setNow(t.app, "2026-01-31T12:00:01Z");
      const res = await listContacts(token);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toMatch(/expired or been revoked/);
    } finally {
      t.app.clock.now = realNow;
    }
  });

  it("stops when revoked, and only its owner can revoke it", async () => {
    const user = await createUser(t.app);
    const other = await createUser(t.app);
    const { id, token } = await makeToken(t.app, user);
    const stranger = await injectAs(t.app, other, { method: "DELETE", url: `/api/tokens/${id}` });
    expect(stranger.statusCode).toBe(404);
    expect((await listContacts(token)).statusCode).toBe(200);
    const own = await injectAs(t.app, user, { method: "DELETE", url: `/api/tokens/${id}` });
    expect(own.statusCode).toBe(204);
    expect((await listContacts(token)).statusCode).toBe(401);
  });

  it("counts on no cookie route, and no cookie counts on the token routes", async () => {
    const user = await createUser(t.app);
    const { token } = await makeToken(t.app, user);
    for (const url of ["/api/me", "/api/contacts", "/api/tokens", "/api/notifications"]) {
      const res = await injectWithToken(t.app, token, { method: "GET", url });
      expect(res.statusCode, url).toBe(401);
    }
    const cookieOnly = await injectAs(t.app, user, { method: "GET", url: "/api/v1/contacts" });
    expect(cookieOnly.statusCode).toBe(401);
    expect(cookieOnly.headers["www-authenticate"]).toMatch(/^Bearer/);
    const madeByToken = await injectWithToken(t.app, token, {
      method: "POST",
      url: "/api/tokens",
      payload: { name: "more", scope: "write", expiresInDays: null },
    });
    expect(madeByToken.statusCode).toBe(401);
  });

  it("ends with sign-out everywhere, a password change, and the account", async () => {
    const signOutAll = await createUser(t.app);
    const first = await makeToken(t.app, signOutAll);
    const revoked = await injectAs(t.app, signOutAll, {
      method: "POST",
      url: "/api/auth/revoke-other-sessions",
      payload: {},
    });
    expect(revoked.statusCode).toBe(200);
    expect((await listContacts(first.token)).statusCode).toBe(401);

    const changer = await createUser(t.app);
    const second = await makeToken(t.app, changer);
    const wrong = await injectAs(t.app, changer, {
      method: "POST",
      url: "/api/auth/change-password",
      payload: { currentPassword: "not-the-password", newPassword: "new-horse-22" },
    });
    expect(wrong.statusCode).toBe(400);
    expect((await listContacts(second.token)).statusCode).toBe(200);
    const changed = await injectAs(t.app, changer, {
      method: "POST",
      url: "/api/auth/change-password",
      payload: { currentPassword: "correct-horse-1", newPassword: "new-horse-22" },
    });
    expect(changed.statusCode).toBe(200);
    expect((await listContacts(second.token)).statusCode).toBe(401);

    const leaver = await createUser(t.app);
    const third = await makeToken(t.app, leaver);
    const deleted = await injectAs(t.app, leaver, {
      method: "DELETE",
      url: "/api/account",
      payload: { password: "correct-horse-1" },
    });
    expect(deleted.statusCode).toBe(204);
    expect((await listContacts(third.token)).statusCode).toBe(401);
    expect(await t.app.db.select().from(apiTokens).where(eq(apiTokens.id, third.id))).toEqual([]);
  });

  it("counts requests per token and says so in RateLimit headers", async () => {
    const limited = await build({ API_TOKEN_REQUESTS_PER_MINUTE: "3" });
    try {
      const user = await createUser(limited.app);
      const a = await makeToken(limited.app, user);
      const b = await makeToken(limited.app, user);
      const get = (token: string) =>
        injectWithToken(limited.app, token, { method: "GET", url: "/api/v1/contacts" });
      const answers = [await get(a.token), await get(a.token), await get(a.token)];
      expect(answers.map((r) => r.headers["ratelimit-remaining"])).toEqual(["2", "1", "0"]);
      expect(answers[0]!.headers["ratelimit-limit"]).toBe("3");
      const over = await get(a.token);
      expect(over.statusCode).toBe(429);
      expect(over.json().error.code).toBe("RATE_LIMITED");
      expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
      expect((await get(b.token)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("comes from the app's own origin only", async () => {
    const user = await createUser(t.app);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/tokens",
      headers: { cookie: user.cookie, origin: "https://evil.example" },
      payload: { name: "x", scope: "write", expiresInDays: null },
    });
    expect(res.statusCode).toBe(403);
    expect(TEST_APP_URL).not.toBe("https://evil.example");
  });
});
