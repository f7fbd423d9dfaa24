// Saving a phone number never tells whether another account holds it (decision
// 156): the answer is the same as for a free number, the number is kept aside until a texted code
// proves it, and a right code moves it from the account that held it.
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  build,
  createUser,
  injectAs,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import { outbox, userSettings, users } from "../../db/schema/index";

describe("the phone-number registration oracle", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => t.close());

  let counter = 0;
  const newPhone = () => `+1415556${String(1000 + ++counter).slice(-4)}`;

  const save = (user: TestUser, phoneNumber: string | null) =>
    injectAs(t.app, user, { method: "PATCH", url: "/api/me", payload: { phoneNumber } });

  const sendCode = (user: TestUser, phoneNumber: string) =>
    injectAs(t.app, user, {
      method: "POST",
      url: "/api/auth/phone-number/send-otp",
      payload: { phoneNumber },
    });
  const verify = (user: TestUser, phoneNumber: string, code: string) =>
    injectAs(t.app, user, {
      method: "POST",
      url: "/api/auth/phone-number/verify",
      payload: { phoneNumber, code },
    });

  async function latestCode(phoneNumber: string): Promise<string> {
    const [sms] = await t.app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, "sms"), eq(outbox.to, phoneNumber)))
      .orderBy(desc(outbox.createdAt));
    const code = /^(\d{6}) is your/.exec(sms?.text ?? "")?.[1];
    if (!code) throw new Error(`no code texted to ${phoneNumber}`);
    return code;
  }

  async function row(user: TestUser) {
    const [found] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    return found!;
  }

  // The parts of /api/me that depend on the number (ids and emails differ by user).
  const phonePart = (body: { user: { phoneNumber: unknown; phoneNumberVerified: unknown } }) => ({
    phoneNumber: body.user.phoneNumber,
    phoneNumberVerified: body.user.phoneNumberVerified,
  });

  it("answers a number another account holds exactly like a free one", async () => {
    const holder = await createUser(t.app);
    const held = newPhone();
    expect((await save(holder, held)).statusCode).toBe(200);

    const asker = await createUser(t.app);
    const onHeld = await save(asker, held);
    const other = await createUser(t.app);
    const free = newPhone();
    const onFree = await save(other, free);
    expect(onHeld.statusCode).toBe(onFree.statusCode);
    expect(phonePart(onHeld.json())).toEqual({ phoneNumber: held, phoneNumberVerified: false });
    expect(phonePart(onFree.json())).toEqual({ phoneNumber: free, phoneNumberVerified: false });
    expect(Object.keys(onHeld.json().user)).toEqual(Object.keys(onFree.json().user));
    const me = await injectAs(t.app, asker, { method: "GET", url: "/api/me" });
    expect(phonePart(me.json())).toEqual({ phoneNumber: held, phoneNumberVerified: false });

    // The holder keeps it until a code proves otherwise; the asker's row does not hold it.
    expect((await row(holder)).phoneNumber).toBe(held);
    expect((await row(asker)).phoneNumber).toBeNull();
  });

  it("answers onboarding the same way for a held number", async () => {
    const holder = await createUser(t.app);
    const held = newPhone();
    await save(holder, held);
    const asker = await createUser(t.app);
    const res = await injectAs(t.app, asker, {
      method: "POST",
      url: "/api/onboarding/complete",
      payload: {
        firstName: "Grace",
        lastName: "Hopper",
        reminderFrequency: 7,
        reminderCadence: "days",
        reminderTime: "9",
        reminderMethod: "email",
        timezone: "Europe/Lisbon",
        phoneNumber: held,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().phoneNumber).toBe(held);
  });

  it("moves the number to whoever verifies it with the texted code", async () => {
    const holder = await createUser(t.app);
    const held = newPhone();
    await save(holder, held);
    await t.app.db
      .update(userSettings)
      .set({ reminderMethod: "text" })
      .where(eq(userSettings.userId, holder.id));

    const asker = await createUser(t.app);
    await save(asker, held);
    expect((await sendCode(asker, held)).statusCode).toBe(200);
    const code = await latestCode(held);
    const wrong = await verify(asker, held, code === "000000" ? "111111" : "000000");
    expect(wrong.statusCode).toBe(400);
    expect((await row(holder)).phoneNumber).toBe(held);

    const ok = await verify(asker, held, code);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: true, token: null });
    expect(await row(asker)).toMatchObject({ phoneNumber: held, phoneNumberVerified: true });
    expect(await row(holder)).toMatchObject({ phoneNumber: null, phoneNumberVerified: false });
    const [holderSettings] = await t.app.db
      .select()
      .from(userSettings)
      .where(eq(userSettings.userId, holder.id));
    expect(holderSettings?.reminderMethod).toBe("email");
    const me = await injectAs(t.app, asker, { method: "GET", url: "/api/me" });
    expect(phonePart(me.json())).toEqual({ phoneNumber: held, phoneNumberVerified: true });
  });

  it("forgets a pending number when another one is saved, and cannot verify it any more", async () => {
    const holder = await createUser(t.app);
    const held = newPhone();
    await save(holder, held);
    const asker = await createUser(t.app);
    await save(asker, held);
    const mine = newPhone();
    const res = await save(asker, mine);
    expect(phonePart(res.json())).toEqual({ phoneNumber: mine, phoneNumberVerified: false });
    expect((await sendCode(asker, held)).statusCode).toBe(400);
  });
});
