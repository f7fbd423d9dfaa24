// Better Auth's own user routes take a name no longer than Tend's other name fields, and no
// answer sets a session cookie larger than a browser keeps, whatever the user row holds.
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  build,
  createUser,
  injectAs,
  TEST_APP_URL,
  uniqueEmail,
  type TestApp,
} from "../../../../tests/helpers/test-app";
import { users } from "../../db/schema/index";
import { SESSION_COOKIE_MAX_CHARS } from "./session-cache";

const HUGE_NAME = "x".repeat(200_000);
const TOO_LONG = "Names can be at most 100 characters";

function setCookieLines(res: LightMyRequestResponse): string[] {
  const header = res.headers["set-cookie"];
  return Array.isArray(header) ? header : header ? [header] : [];
}

describe("user field limits and the session cookie's size", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  it("refuses a sign-up whose name is longer than 100 characters, saying why", async () => {
    const email = uniqueEmail("longname");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: { origin: TEST_APP_URL },
      payload: { email, password: "correct-horse-1", name: "n".repeat(101) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(TOO_LONG);
    expect(await t.app.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it("refuses a 200,000-character name on update-user and keeps the account usable", async () => {
    const user = await createUser(t.app);
    const res = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/auth/update-user",
      payload: { name: HUGE_NAME },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(TOO_LONG);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.name).toBe(user.email.split("@")[0]);

    const fits = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/auth/update-user",
      payload: { name: "n".repeat(100) },
    });
    expect(fits.statusCode, fits.body).toBe(200);
    const me = await injectAs(t.app, user, { url: "/api/me" });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.name).toBe("n".repeat(100));
  });

  it("refuses an image address longer than a URL", async () => {
    const user = await createUser(t.app);
    const res = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/auth/update-user",
      payload: { image: `https://example.com/${"a".repeat(5000)}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("An image address can be at most 2048 characters");
  });

  it("keeps every Set-Cookie small for a user whose row already holds a huge name", async () => {
    const user = await createUser(t.app);
    await t.app.db.update(users).set({ name: HUGE_NAME }).where(eq(users.id, user.id));
    // Without the cookie's copy, each answer reads the row and would write a copy of it.
    const tokenOnly = { ...user, cookie: user.cookie.replace(/[^;]*session_data=[^;]*;?\s*/, "") };
    for (const url of ["/api/me", "/api/auth/get-session", "/api/profile"]) {
      const res = await injectAs(t.app, tokenOnly, { url });
      expect(res.statusCode, url).toBe(200);
      const lines = setCookieLines(res);
      expect(
        lines.every((line) => line.length <= SESSION_COOKIE_MAX_CHARS),
        url,
      ).toBe(true);
      expect(lines.join("").length, url).toBeLessThan(SESSION_COOKIE_MAX_CHARS);
    }
    // A browser still holding an older, small copy is told to drop it, so that copy is not read
    // in place of the row.
    const res = await injectAs(t.app, user, {
      url: "/api/auth/get-session?disableCookieCache=true",
    });
    expect(res.statusCode).toBe(200);
    const cleared = setCookieLines(res).filter((line) => /session_data=;/.test(line));
    expect(cleared.length).toBeGreaterThan(0);
    for (const line of cleared) expect(line).toMatch(/Max-Age=0/i);
  });
});
