// The session cookie cache: a request with a current copy reads no session row,
// and a copy stops counting the moment its session ends — sign-out, a revoked session, a
// password change, a deleted account — not when the copy expires; and a copy the server has
// already checked ends when it expires.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { sessions } from "../../db/schema/index";
import { SESSION_CACHE_SECONDS } from "./session-cache";
import {
  build,
  cookieFrom,
  createUser,
  injectAs,
  TEST_APP_URL,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";

const PASSWORD = "correct-horse-1";

describe("session cookie cache", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => t.close());
  afterEach(() => vi.restoreAllMocks());

  async function signIn(user: TestUser, password = PASSWORD): Promise<TestUser> {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { origin: TEST_APP_URL },
      payload: { email: user.email, password },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { ...user, cookie: cookieFrom(res) };
  }
  const meStatus = async (user: TestUser) =>
    (await injectAs(t.app, user, { url: "/api/me" })).statusCode;
  const sessionCount = async (userId: string) =>
    (await t.app.db.select().from(sessions).where(eq(sessions.userId, userId))).length;

  it("serves a paid request from the cookie's copy, without the session row", async () => {
    const user = await createUser(t.app);
    expect(user.cookie).toMatch(/session_data=/);
    expect(await meStatus(user)).toBe(200);
    // Removed behind Better Auth's back: only the copy in the cookie can still sign this in.
    await t.app.db.delete(sessions).where(eq(sessions.userId, user.id));
    expect(await meStatus(user)).toBe(200);
    // Without the copy, the row is read: gone, so signed out.
    const tokenOnly = { ...user, cookie: user.cookie.replace(/[^;]*session_data=[^;]*;?\s*/, "") };
    expect(tokenOnly.cookie).not.toMatch(/session_data=/);
    expect(await meStatus(tokenOnly)).toBe(401);
  });

  it("hands a fresh copy to a browser whose copy is missing", async () => {
    const user = await createUser(t.app);
    const tokenOnly = { ...user, cookie: user.cookie.replace(/[^;]*session_data=[^;]*;?\s*/, "") };
    const res = await injectAs(t.app, tokenOnly, { url: "/api/me" });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers["set-cookie"])).toMatch(/session_data=/);
  });

  it("ends the copy on sign-out, even one kept from before", async () => {
    const user = await createUser(t.app);
    expect(await meStatus(user)).toBe(200);
    const res = await injectAs(t.app, user, { method: "POST", url: "/api/auth/sign-out" });
    expect(res.statusCode, res.body).toBe(200);
    expect(await meStatus(user)).toBe(401);
  });

  it("ends another device's copy when that session is revoked", async () => {
    const user = await createUser(t.app);
    const phone = await signIn(user);
    expect(await meStatus(phone)).toBe(200);
    const list = (await injectAs(t.app, user, { url: "/api/auth/list-sessions" })).json<
      { id: string; createdAt: string }[]
    >();
    const newest = list.sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0]!;
    const res = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/auth/revoke-session",
      payload: { id: newest.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await meStatus(phone)).toBe(401);
    expect(await meStatus(user)).toBe(200);
  });

  it("ends the other devices' copies when the password changes", async () => {
    const user = await createUser(t.app);
    const phone = await signIn(user);
    expect(await meStatus(phone)).toBe(200);
    const res = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/auth/change-password",
      payload: { currentPassword: PASSWORD, newPassword: "another-horse-2" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await meStatus(phone)).toBe(401);
    expect(await meStatus({ ...user, cookie: cookieFrom(res) })).toBe(200);
    expect(await sessionCount(user.id)).toBe(1);
  });

  it("ends every copy when the account is deleted", async () => {
    const user = await createUser(t.app);
    const phone = await signIn(user);
    expect(await meStatus(phone)).toBe(200);
    const res = await injectAs(t.app, user, {
      method: "DELETE",
      url: "/api/account",
      payload: { password: PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(await meStatus(phone)).toBe(401);
  });

  // The server keeps Better Auth's answer for a cookie it has checked; that answer
  // must end exactly when the copy would.
  it("stops taking a copy it has checked once the copy expires", async () => {
    const user = await createUser(t.app);
    expect(await meStatus(user)).toBe(200);
    expect(await meStatus(user)).toBe(200);
    // Ended elsewhere (another process, on PostgreSQL): only the copy still signs this in...
    await t.app.db.delete(sessions).where(eq(sessions.userId, user.id));
    expect(await meStatus(user)).toBe(200);
    // ...until it expires; then the row is read, and it is gone.
    const now = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(now + (SESSION_CACHE_SECONDS + 1) * 1000);
    expect(await meStatus(user)).toBe(401);
  });
});
