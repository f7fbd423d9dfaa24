// Settings → Account through Better Auth's endpoints: a password change needs the current
// password and signs the other sessions out; "sign out of all other devices" keeps this one.
import { describe, expect, it, beforeAll, afterAll } from "vitest";
import {
  build,
  cookieFrom,
  createUser,
  injectAs,
  TEST_APP_URL,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => t.close());

async function signIn(email: string, password: string): Promise<TestUser & { status: number }> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    headers: { origin: TEST_APP_URL },
    payload: { email, password },
  });
  return { id: "", email, cookie: cookieFrom(res), status: res.statusCode };
}

const meStatus = async (user: TestUser) =>
  (await injectAs(t.app, user, { method: "GET", url: "/api/me" })).statusCode;

describe("account security", () => {
  it("changes the password only with the current one, and signs out the other sessions", async () => {
    const here = await createUser(t.app);
    const there = await signIn(here.email, "correct-horse-1");
    expect(await meStatus(there)).toBe(200);

    const wrong = await injectAs(t.app, here, {
      method: "POST",
      url: "/api/auth/change-password",
      payload: {
        currentPassword: "nope-nope-1",
        newPassword: "new-horse-22",
        revokeOtherSessions: true,
      },
    });
    expect(wrong.statusCode).toBe(400);
    expect(await meStatus(there)).toBe(200);

    const ok = await injectAs(t.app, here, {
      method: "POST",
      url: "/api/auth/change-password",
      payload: {
        currentPassword: "correct-horse-1",
        newPassword: "new-horse-22",
        revokeOtherSessions: true,
      },
    });
    expect(ok.statusCode).toBe(200);
    expect(await meStatus(there)).toBe(401);
    expect((await signIn(here.email, "correct-horse-1")).status).toBe(401);
    expect((await signIn(here.email, "new-horse-22")).status).toBe(200);
  });

  it("signs out every other device and keeps this one", async () => {
    const here = await createUser(t.app);
    const there = await signIn(here.email, "correct-horse-1");
    const res = await injectAs(t.app, here, {
      method: "POST",
      url: "/api/auth/revoke-other-sessions",
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(await meStatus(there)).toBe(401);
    expect(await meStatus(here)).toBe(200);
  });
});
