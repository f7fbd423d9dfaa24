// Changing the sign-in email, with every mail delivered to a real SMTP peer: the
// link goes to the new address, nothing changes until it is opened, the old address is told, and
// an address in use gets the same answer as a free one (its owner is told by mail instead).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useAppWithSmtp } from "../../../../tests/helpers/smtp-app";
import { decodeQuotedPrintable, type ReceivedMail } from "../../../../tests/helpers/smtp-peer";
import {
  cookieFrom,
  createUser,
  injectAs,
  TEST_APP_URL,
  uniqueEmail,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import { users } from "../../db/schema/index";

describe("changing the sign-in email", () => {
  const ctx = useAppWithSmtp();

  async function mailTo(address: string, subject: RegExp): Promise<ReceivedMail> {
    for (let i = 0; i < 200; i++) {
      await ctx.t.app.outbox.drain();
      const found = ctx.smtp.received.find(
        (m) => m.to.includes(address) && subject.test(decodeQuotedPrintable(m.raw)),
      );
      if (found) return found;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`no mail matching ${subject} for ${address}`);
  }

  const mailsTo = (address: string) => ctx.smtp.received.filter((m) => m.to.includes(address));

  function linkIn(mail: ReceivedMail): string {
    const text = decodeQuotedPrintable(mail.raw);
    const match = /https?:\/\/\S+\/api\/auth\/verify-email\?[^\s"<]+/.exec(text);
    if (!match) throw new Error("no link in the mail");
    return match[0].replace(/&amp;/g, "&");
  }

  async function emailOf(user: TestUser): Promise<string> {
    const [row] = await ctx.t.app.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, user.id));
    return row!.email;
  }

  const ask = (user: TestUser, newEmail: unknown) =>
    injectAs(ctx.t.app, user, {
      method: "POST",
      url: "/api/auth/change-email",
      payload: { newEmail },
    });

  async function signInStatus(email: string): Promise<number> {
    const res = await ctx.t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { origin: TEST_APP_URL },
      payload: { email, password: "correct-horse-1" },
    });
    return res.statusCode;
  }

  it("changes it only once the link sent to the new address is opened, then tells the old one", async () => {
    const ada = await createUser(ctx.t.app);
    const next = uniqueEmail("ada-new");
    const res = await ask(ada, next.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true });
    expect(await emailOf(ada)).toBe(ada.email);

    const mail = await mailTo(next, /Confirm your new email/);
    expect(decodeQuotedPrintable(mail.raw)).toContain(`instead of ${ada.email}`);
    expect(mailsTo(ada.email)).toHaveLength(0);
    const link = new URL(linkIn(mail));
    expect(link.origin).toBe(TEST_APP_URL);

    // Opened in another browser (no session): still changes it, and lands on Settings.
    const opened = await ctx.t.app.inject({ method: "GET", url: link.pathname + link.search });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe("/app/settings?email-change=done");
    expect(await emailOf(ada)).toBe(next);

    const notice = await mailTo(ada.email, /sign-in email was changed/);
    expect(decodeQuotedPrintable(notice.raw)).toContain(next);
    expect(await signInStatus(next)).toBe(200);
    expect(await signInStatus(ada.email)).toBe(401);

    // A second click changes nothing and tells nobody again.
    const again = await ctx.t.app.inject({ method: "GET", url: link.pathname + link.search });
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toMatch(/error=/);
    await ctx.t.app.outbox.drain();
    expect(mailsTo(ada.email)).toHaveLength(1);
  });

  it("answers an address in use exactly like a free one, and tells that address's owner", async () => {
    const bob = await createUser(ctx.t.app);
    const cleo = await createUser(ctx.t.app);
    const taken = await ask(bob, cleo.email);
    const free = await ask(bob, uniqueEmail("bob-free"));
    expect(taken.statusCode).toBe(free.statusCode);
    expect(taken.body).toBe(free.body);

    const warning = await mailTo(cleo.email, /already has a Tend account/);
    expect(decodeQuotedPrintable(warning.raw)).not.toContain(bob.email);
    expect(await emailOf(bob)).toBe(bob.email);
    expect(await emailOf(cleo)).toBe(cleo.email);
  });

  it("refuses the link clearly when the address was taken after it was sent", async () => {
    const dan = await createUser(ctx.t.app);
    const wanted = uniqueEmail("wanted");
    await ask(dan, wanted);
    const link = new URL(linkIn(await mailTo(wanted, /Confirm your new email/)));
    await createUser(ctx.t.app, { email: wanted });

    const opened = await ctx.t.app.inject({ method: "GET", url: link.pathname + link.search });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe("/app/settings?email-change=done&error=EMAIL_IN_USE");
    expect(await emailOf(dan)).toBe(dan.email);
  });

  it("refuses the same address, a malformed one and a caller without a session", async () => {
    const eve = await createUser(ctx.t.app);
    expect((await ask(eve, eve.email)).statusCode).toBe(400);
    expect((await ask(eve, "not-an-address")).statusCode).toBe(400);
    expect((await ask(eve, 42)).statusCode).toBe(400);
    const anonymous = await ctx.t.app.inject({
      method: "POST",
      url: "/api/auth/change-email",
      headers: { origin: TEST_APP_URL },
      payload: { newEmail: uniqueEmail() },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("keeps the session it was asked from, with the new address", async () => {
    const fay = await createUser(ctx.t.app);
    const next = uniqueEmail("fay-new");
    await ask(fay, next);
    const link = new URL(linkIn(await mailTo(next, /Confirm your new email/)));
    const opened = await ctx.t.app.inject({
      method: "GET",
      url: link.pathname + link.search,
      headers: { cookie: fay.cookie },
    });
    expect(opened.statusCode).toBe(302);
    const cookie = cookieFrom(opened) || fay.cookie;
    const me = await injectAs(ctx.t.app, { ...fay, cookie }, { method: "GET", url: "/api/me" });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe(next);
  });
});
