// Deleting an account that has no password (Google-only sign-in): confirmed by
// typing the account's email, from a sign-in less than an hour old; the password rule stays for
// everyone who has one.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  build,
  createUser,
  injectAs,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import { ACCOUNT_MESSAGES } from "../../../core/account";
import { accounts, sessions, users } from "../../db/schema/index";

let t: TestApp;
beforeAll(async () => {
  t = await build({ ENABLE_TEST_ROUTES: "true" });
});
afterAll(async () => t.close());

async function googleOnlyUser(): Promise<TestUser> {
  const user = await createUser(t.app);
  const res = await injectAs(t.app, user, { method: "POST", url: "/api/test/google-only" });
  expect(res.statusCode).toBe(204);
  return user;
}

const remove = (user: TestUser, payload: object) =>
  injectAs(t.app, user, { method: "DELETE", url: "/api/account", payload });

async function exists(user: TestUser): Promise<boolean> {
  const rows = await t.app.db.select({ id: users.id }).from(users).where(eq(users.id, user.id));
  return rows.length === 1;
}

describe("deleting an account without a password", () => {
  it("tells the browser the account has no password", async () => {
    const withPassword = await createUser(t.app);
    const google = await googleOnlyUser();
    const me = (u: TestUser) => injectAs(t.app, u, { method: "GET", url: "/api/me" });
    expect((await me(withPassword)).json().user.hasPassword).toBe(true);
    expect((await me(google)).json().user.hasPassword).toBe(false);
  });

  it("needs the account's email typed out, and deletes with it", async () => {
    const google = await googleOnlyUser();
    const none = await remove(google, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields).toEqual({ email: ACCOUNT_MESSAGES.typeEmail });
    const password = await remove(google, { password: "anything-at-all" });
    expect(password.statusCode).toBe(400);
    const wrong = await remove(google, { email: "someone-else@example.com" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(ACCOUNT_MESSAGES.wrongEmail);
    expect(await exists(google)).toBe(true);

    const ok = await remove(google, { email: ` ${google.email.toUpperCase()} ` });
    expect(ok.statusCode).toBe(204);
    expect(await exists(google)).toBe(false);
    expect(
      await t.app.db.select().from(accounts).where(eq(accounts.userId, google.id)),
    ).toHaveLength(0);
  });

  it("asks for a fresh sign-in when the session is more than an hour old", async () => {
    const google = await googleOnlyUser();
    await t.app.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000) })
      .where(eq(sessions.userId, google.id));
    const res = await remove(google, { email: google.email });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(ACCOUNT_MESSAGES.signInAgain);
    expect(await exists(google)).toBe(true);
  });

  it("still wants the password from an account that has one, never the email", async () => {
    const user = await createUser(t.app);
    const byEmail = await remove(user, { email: user.email });
    expect(byEmail.statusCode).toBe(400);
    expect(byEmail.json().error.fields).toEqual({ password: ACCOUNT_MESSAGES.enterPassword });
    expect(await exists(user)).toBe(true);
  });
});
