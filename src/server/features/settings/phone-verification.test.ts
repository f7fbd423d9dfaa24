// Settings → Phone: save a number, get a code by SMS (dev outbox), verify it through Better Auth's
// phone-number endpoints, which only ever act for the signed-in owner of the number.
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  build,
  createUser,
  injectAs,
  TEST_APP_URL,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import { outbox, sessions, users } from "../../db/schema/index";

describe("phone verification", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => t.close());

  let phoneCounter = 0;
  function newPhone() {
    phoneCounter += 1;
    return `+1415555${String(1000 + phoneCounter).slice(-4)}`;
  }

  async function savePhone(user: TestUser, phoneNumber: string | null) {
    const res = await injectAs(t.app, user, {
      method: "PATCH",
      url: "/api/me",
      payload: { phoneNumber },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  function sendCode(user: TestUser | null, phoneNumber: string) {
    const options = { method: "POST" as const, url: "/api/auth/phone-number/send-otp" };
    const payload = { phoneNumber };
    return user
      ? injectAs(t.app, user, { ...options, payload })
      : t.app.inject({ ...options, payload, headers: { origin: TEST_APP_URL } });
  }

  function verify(user: TestUser | null, phoneNumber: string, code: string) {
    const options = { method: "POST" as const, url: "/api/auth/phone-number/verify" };
    const payload = { phoneNumber, code };
    return user
      ? injectAs(t.app, user, { ...options, payload })
      : t.app.inject({ ...options, payload, headers: { origin: TEST_APP_URL } });
  }

  async function texts(phoneNumber: string) {
    return t.app.db
      .select()
      .from(outbox)
      .where(
        and(eq(outbox.channel, "sms"), eq(outbox.to, phoneNumber), eq(outbox.kind, "phone-otp")),
      )
      .orderBy(desc(outbox.createdAt));
  }

  async function latestCode(phoneNumber: string): Promise<string> {
    const [sms] = await texts(phoneNumber);
    const code = /^(\d{6}) is your Tend verification code\.$/.exec(sms?.text ?? "")?.[1];
    if (!code) throw new Error(`no code texted to ${phoneNumber}`);
    return code;
  }

  async function userRow(id: string) {
    const [row] = await t.app.db.select().from(users).where(eq(users.id, id));
    return row;
  }

  async function sessionCount(userId: string) {
    return (await t.app.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
  }

  it("verifies the signed-in user's saved number with the texted code", async () => {
    const user = await createUser(t.app);
    const phone = newPhone();
    await savePhone(user, phone);
    const sent = await sendCode(user, phone);
    expect(sent.statusCode, sent.body).toBe(200);
    const [sms] = await texts(phone);
    expect(sms).toMatchObject({ userId: user.id, channel: "sms" });

    const code = await latestCode(phone);
    const wrong = await verify(user, phone, code === "000000" ? "111111" : "000000");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe("Invalid OTP");
    expect((await userRow(user.id))?.phoneNumberVerified).toBe(false);

    const before = await sessionCount(user.id);
    const res = await verify(user, phone, code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: true, token: null });
    // The same session: no new session token (a refreshed cookie copy of it is fine).
    const setCookies = [res.headers["set-cookie"] ?? []].flat();
    expect(setCookies.filter((c) => c.includes("session_token="))).toEqual([]);
    expect(await sessionCount(user.id)).toBe(before);
    const me = await injectAs(t.app, user, { url: "/api/me" });
    expect(me.json().user).toMatchObject({ phoneNumber: phone, phoneNumberVerified: true });

    // A spent code does not work twice.
    expect((await verify(user, phone, code)).statusCode).toBe(400);
  });

  it("keeps the verification when the same number is saved again, and drops it for a new one", async () => {
    const user = await createUser(t.app);
    const phone = newPhone();
    await savePhone(user, phone);
    await sendCode(user, phone);
    expect((await verify(user, phone, await latestCode(phone))).statusCode).toBe(200);
    expect((await savePhone(user, phone)).user.phoneNumberVerified).toBe(true);
    const next = newPhone();
    expect((await savePhone(user, next)).user).toMatchObject({
      phoneNumber: next,
      phoneNumberVerified: false,
    });
  });

  it("sends and verifies nothing for a visitor without a session", async () => {
    const owner = await createUser(t.app);
    const phone = newPhone();
    await savePhone(owner, phone);
    const sent = await sendCode(null, phone);
    expect(sent.statusCode).toBe(401);
    expect(sent.json().message).toBe("Please sign in to verify your phone number.");
    expect(await texts(phone)).toEqual([]);

    // Even holding a valid code, a visitor can neither verify the number nor get a session.
    await sendCode(owner, phone);
    const res = await verify(null, phone, await latestCode(phone));
    expect(res.statusCode).toBe(401);
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect((await userRow(owner.id))?.phoneNumberVerified).toBe(false);
  });

  it("only acts on the number saved on the caller's own account", async () => {
    const owner = await createUser(t.app);
    const other = await createUser(t.app);
    const phone = newPhone();
    await savePhone(owner, phone);

    const sent = await sendCode(other, phone);
    expect(sent.statusCode).toBe(400);
    expect(sent.json().message).toBe(
      "That is not the phone number saved on your account. Save it first.",
    );
    expect(await texts(phone)).toEqual([]);

    await sendCode(owner, phone);
    const code = await latestCode(phone);
    const before = await sessionCount(owner.id);
    const res = await verify(other, phone, code);
    expect(res.statusCode).toBe(400);
    expect((await userRow(owner.id))?.phoneNumberVerified).toBe(false);
    expect(await sessionCount(owner.id)).toBe(before);
    // The owner's code is still good.
    expect((await verify(owner, phone, code)).statusCode).toBe(200);
  });

  it("refuses a code for a number that is not saved yet", async () => {
    const user = await createUser(t.app);
    const res = await sendCode(user, newPhone());
    expect(res.statusCode).toBe(400);
  });

  it("offers no phone sign-in or phone password reset", async () => {
    const user = await createUser(t.app);
    const phone = newPhone();
    await savePhone(user, phone);
    for (const [url, payload] of [
      ["/api/auth/sign-in/phone-number", { phoneNumber: phone, password: "correct-horse-1" }],
      ["/api/auth/phone-number/request-password-reset", { phoneNumber: phone }],
      [
        "/api/auth/phone-number/reset-password",
        { phoneNumber: phone, otp: "123456", newPassword: "another-horse-2" },
      ],
    ] as const) {
      const res = await t.app.inject({
        method: "POST",
        url,
        payload,
        headers: { origin: TEST_APP_URL },
      });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["set-cookie"], url).toBeUndefined();
    }
  });

  it("records who the onboarding code was texted to", async () => {
    const user = await createUser(t.app);
    const phone = newPhone();
    const res = await injectAs(t.app, user, {
      method: "POST",
      url: "/api/onboarding/complete",
      payload: {
        firstName: "Ada",
        lastName: "Lovelace",
        timezone: "UTC",
        reminderMethod: "text",
        reminderFrequency: 1,
        reminderCadence: "days",
        reminderTime: "9",
        phoneNumber: phone,
      },
    });
    expect(res.json().smsVerificationSent).toBe(true);
    const [sms] = await texts(phone);
    expect(sms?.userId).toBe(user.id);
    expect((await verify(user, phone, await latestCode(phone))).statusCode).toBe(200);
  });
});
