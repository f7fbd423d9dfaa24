// Sessions as a browser may see them: no tokens in the list, revoking by id, and a password
// change that signs out every other device.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

describe("sessions seen from the browser", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => t.close());

  async function secondDevice(user: TestUser, password = PASSWORD): Promise<TestUser> {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { origin: TEST_APP_URL },
      payload: { email: user.email, password },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { ...user, cookie: cookieFrom(res) };
  }
  const isSignedIn = async (user: TestUser) =>
    (await injectAs(t.app, user, { url: "/api/auth/get-session" })).json() !== null;

  it("lists sessions with ids and without their tokens", async () => {
    const user = await createUser(t.app);
    await secondDevice(user);
    const res = await injectAs(t.app, user, { url: "/api/auth/list-sessions" });
    expect(res.statusCode).toBe(200);
    const sessions = res.json<Record<string, unknown>[]>();
    expect(sessions).toHaveLength(2);
    for (const session of sessions) {
      expect(session).toHaveProperty("id");
      expect(session).not.toHaveProperty("token");
    }
    expect(res.body).not.toMatch(/"token"/);
  });

  it("revokes another device by id, and not another user's session", async () => {
    const user = await createUser(t.app);
    const phone = await secondDevice(user);
    const stranger = await createUser(t.app);
    const strangerSessions = (
      await injectAs(t.app, stranger, { url: "/api/auth/list-sessions" })
    ).json<{ id: string }[]>();
    const attempt = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/auth/revoke-session",
      payload: { id: strangerSessions[0]!.id },
    });
    expect(attempt.statusCode).toBeLessThan(500);
    expect(await isSignedIn(stranger)).toBe(true);

    const sessions = (await injectAs(t.app, user, { url: "/api/auth/list-sessions" })).json<
      { id: string; createdAt: string }[]
    >();
    const newest = sessions.sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0]!;
    const res = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/auth/revoke-session",
      payload: { id: newest.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(user)).toBe(true);
  });

  it("answers 400, not 500, for a NUL in a session id or token", async () => {
    const user = await createUser(t.app);
    for (const payload of [{ id: "a\u0000b" }, { token: "a\u0000b" }, {}]) {
      const res = await injectAs(t.app, user, {
        method: "POST",
        url: "/api/auth/revoke-session",
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it("signs out every other session when the password changes, even if not asked to", async () => {
    const user = await createUser(t.app);
    const phone = await secondDevice(user);
    const res = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/auth/change-password",
      payload: {
        currentPassword: PASSWORD,
        newPassword: "another-horse-2",
        revokeOtherSessions: false,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await isSignedIn(phone)).toBe(false);
    // The device that changed it stays signed in (Better Auth issues it a new session).
    const current = { ...user, cookie: cookieFrom(res) || user.cookie };
    expect(await isSignedIn(current)).toBe(true);
  });
});
