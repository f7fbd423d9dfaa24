import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeQuotedPrintable, startSmtpPeer } from "../../../../tests/helpers/smtp-peer";
import {
  build,
  cookieFrom,
  TEST_APP_URL,
  uniqueEmail,
  type TestApp,
} from "../../../../tests/helpers/test-app";
import {
  accounts,
  authEvents,
  profiles,
  rateLimits,
  userSettings,
  users,
} from "../../db/schema/index";

const origin = { origin: TEST_APP_URL };

describe("email sign-up with verification over real SMTP", () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await build({ SMTP_URL: smtp.url, MAIL_FROM: "Tend <hello@tend.test>" });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("signs up, mails a verification link, verifies, and signs the user in", async () => {
    const email = uniqueEmail("journey");
    const signUp = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: origin,
      payload: {
        email,
        password: "secret-pass",
        name: "Ada",
        callbackURL: "/verify-email?session_id=cs_test_123",
      },
    });
    expect(signUp.statusCode).toBe(200);
    const userId = signUp.json().user.id as string;

    // Unverified users cannot sign in.
    const beforeSignIn = smtp.received.length;
    const early = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: origin,
      payload: { email, password: "secret-pass" },
    });
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe("EMAIL_NOT_VERIFIED");
    // The refused sign-in mails a link of its own (sendOnSignIn), sent after the answer: wait for
    // it, so the mail awaited next is the resend's.
    await smtp.waitFor(beforeSignIn + 1);

    const before = smtp.received.length;
    const resend = await t.app.inject({
      method: "POST",
      url: "/api/auth/send-verification-email",
      headers: origin,
      payload: { email, callbackURL: "/verify-email?session_id=cs_test_123" },
    });
    expect(resend.statusCode).toBe(200);
    const mails = await smtp.waitFor(before + 1);
    const mail = mails.at(-1)!;
    expect(mail.to).toEqual([email]);
    const body = decodeQuotedPrintable(mail.raw);
    expect(body).toContain("Subject: Confirm your email for Tend");
    expect(body).toMatch(/Content-Type: text\/plain/);
    expect(body).toMatch(/Content-Type: text\/html/);
    const link = new URL(
      body.match(/http:\/\/localhost:3000\/verify-email\?[^\s"<]+/)![0].replaceAll("&amp;", "&"),
    );
    expect(link.searchParams.get("type")).toBe("signup");
    expect(link.searchParams.get("email")).toBe(email);
    expect(link.searchParams.get("session_id")).toBe("cs_test_123");

    const verify = await t.app.inject({
      method: "GET",
      url: `/api/auth/verify-email?token=${link.searchParams.get("token")}`,
    });
    expect(verify.statusCode).toBe(200);
    const cookie = cookieFrom(verify);
    expect(verify.headers["set-cookie"]?.toString()).toMatch(/HttpOnly/i);
    expect(verify.headers["set-cookie"]?.toString()).toMatch(/SameSite=Lax/i);

    const me = await t.app.inject({ url: "/api/me", headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      user: { email, emailVerified: true },
      settings: {
        timezone: "UTC",
        reminderFrequency: 1,
        reminderCadence: "days",
        reminderTime: "09:00:00",
        reminderMethod: "email",
        onboardingCompleted: false,
      },
      profile: { avatarType: "dicebear", avatarUrl: "" },
    });
    expect(me.json().profile.dicebearSeed).toMatch(/^[0-9a-f-]{36}$/);

    const events = await t.app.db.select().from(authEvents).where(eq(authEvents.userId, userId));
    expect(events.map((e) => e.eventType)).toEqual(["SIGNED_UP"]);
  });

  it("answers a sign-up for a verified address as for a new one, and mails its owner", async () => {
    const email = uniqueEmail("exists");
    const payload = { email, password: "secret-pass", name: "Ada", callbackURL: "/verify-email" };
    const first = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: origin,
      payload,
    });
    await t.app.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));

    const before = smtp.received.length;
    const again = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: origin,
      payload: { ...payload, password: "other-pass" },
    });
    expect(again.statusCode).toBe(first.statusCode);
    expect(Object.keys(again.json())).toEqual(Object.keys(first.json()));
    const mail = (await smtp.waitFor(before + 1)).at(-1)!;
    expect(mail.to).toEqual([email]);
    const body = decodeQuotedPrintable(mail.raw);
    expect(body).toContain("Subject: You already have a Tend account");
    expect(body).toContain(`Sign in: ${TEST_APP_URL}/auth`);
    expect(body).toContain(`Reset your password: ${TEST_APP_URL}/forgot-password`);
  });

  it("hashes passwords with argon2id at OWASP's minimum", async () => {
    const email = uniqueEmail("hash");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: origin,
      payload: { email, password: "another-pass", name: "H" },
    });
    const [account] = await t.app.db
      .select()
      .from(accounts)
      .where(eq(accounts.userId, res.json().user.id));
    expect(account?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it("rejects a password shorter than 6 characters with a clear message", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: origin,
      payload: { email: uniqueEmail("short"), password: "12345", name: "S" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/short/i);
  });

  it("answers the direct verification fallback with 400 and a msg for a bad token", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/verify-email",
      payload: { type: "signup", token: "not-a-token" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBeTruthy();
    expect(res.json().error.code).toBe("INVALID_TOKEN");
  });

  it("creates missing profile and settings rows with the defaults", async () => {
    const email = uniqueEmail("rows");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: origin,
      payload: { email, password: "secret-pass", name: "R" },
    });
    const id = res.json().user.id as string;
    await t.app.db.delete(profiles).where(eq(profiles.id, id));
    await t.app.db.delete(userSettings).where(eq(userSettings.userId, id));
    await t.app.db.update(users).set({ emailVerified: true }).where(eq(users.id, id));
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: origin,
      payload: { email, password: "secret-pass" },
    });
    const me = await t.app.inject({ url: "/api/me", headers: { cookie: cookieFrom(signIn) } });
    expect(me.statusCode).toBe(200);
    expect(me.json().settings.reminderTime).toBe("09:00:00");
  });
});

describe("auth protections", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ RATE_LIMIT_ENABLED: "true" });
  });
  afterAll(async () => t.close());

  it("rate-limits sign-in attempts per client IP, stored in the database", async () => {
    const attempt = (ip: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        headers: origin,
        remoteAddress: ip,
        payload: { email: "nobody@example.com", password: "wrong-password" },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await attempt("10.1.1.1")).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another client is unaffected.
    expect((await attempt("10.2.2.2")).statusCode).toBe(401);
    // The counts live in the database, where every instance sees them.
    const [row] = await t.app.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, "10.1.1.1|/sign-in/email"));
    expect(row?.count).toBeGreaterThanOrEqual(10);
  });

  it("does not trust a client-supplied x-forwarded-for", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        headers: { ...origin, "x-forwarded-for": `203.0.113.${i}` },
        remoteAddress: "10.3.3.3",
        payload: { email: "nobody@example.com", password: "wrong-password" },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });

  it("requires a session for /api/me", async () => {
    const res = await t.app.inject({ url: "/api/me" });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe("Please sign in to continue.");
  });
});
