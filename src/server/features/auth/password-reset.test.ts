// Forgotten password through the real endpoints: the same answer for any address, given before
// any lookup or mail, a mail with a single-use link, the account-creation rules, every session
// signed out, a notice mail, and at most RESET_MAILS_PER_HOUR reset mails to one address.
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  build,
  createUser,
  injectAs,
  TEST_APP_URL,
  uniqueEmail,
  type TestApp,
} from "../../../../tests/helpers/test-app";
import { authEvents, outbox } from "../../db/schema/index";
import { injectWithToken, makeToken } from "../../../../tests/helpers/api-token-kit";
import { RESET_MAILS_PER_HOUR } from "./password-reset-mail";

const origin = { origin: TEST_APP_URL };

describe("password reset", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  function requestReset(email: string) {
    return t.app.inject({
      method: "POST",
      url: "/api/auth/request-password-reset",
      headers: origin,
      payload: { email },
    });
  }

  async function mailsTo(email: string, kind: string) {
    return t.app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, email), eq(outbox.kind, kind)));
  }

  function tokenFrom(text: string): string {
    const link = text.match(/http:\/\/localhost:3000\/reset-password\?token=\S+/);
    if (!link) throw new Error("no reset link in the mail");
    return new URL(link[0]).searchParams.get("token")!;
  }

  it("answers the same for an unknown address and sends nothing", async () => {
    const user = await createUser(t.app);
    const known = await requestReset(user.email);
    const nobody = uniqueEmail("nobody");
    const unknown = await requestReset(nobody);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    await t.app.background.settle();
    expect(await mailsTo(nobody, "reset-password")).toHaveLength(0);
    expect(await mailsTo(user.email, "reset-password")).toHaveLength(1);
  });

  it("resets with a single-use link, signs every session out, ends its tokens and sends a notice", async () => {
    const user = await createUser(t.app);
    const { token: apiToken } = await makeToken(t.app, user, { scope: "read" });
    const useToken = () =>
      injectWithToken(t.app, apiToken, { method: "GET", url: "/api/v1/contacts" });
    expect((await useToken()).statusCode).toBe(200);
    const other = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: origin,
      payload: { email: user.email, password: "correct-horse-1" },
    });
    expect(other.statusCode).toBe(200);

    expect((await requestReset(user.email)).statusCode).toBe(200);
    await t.app.background.settle();
    const [mail] = await mailsTo(user.email, "reset-password");
    expect(mail?.subject).toBe("Reset your Tend password");
    expect(mail?.text).toContain("The link works once, for 1 hour.");
    const token = tokenFrom(mail!.text);

    const tooShort = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      headers: origin,
      payload: { token, newPassword: "12345" },
    });
    expect(tooShort.statusCode).toBe(400);
    expect((await useToken()).statusCode).toBe(200);

    const reset = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      headers: origin,
      payload: { token, newPassword: "brand-new-pass" },
    });
    expect(reset.statusCode).toBe(200);

    // The link is used up.
    const again = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      headers: origin,
      payload: { token, newPassword: "third-pass-1" },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe("INVALID_TOKEN");

    // Both earlier sessions are gone, with the token; the old password no longer works.
    expect((await injectAs(t.app, user, { url: "/api/me" })).statusCode).toBe(401);
    expect((await useToken()).statusCode).toBe(401);
    const signIn = (password: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        headers: origin,
        payload: { email: user.email, password },
      });
    expect((await signIn("correct-horse-1")).statusCode).toBe(401);
    expect((await signIn("brand-new-pass")).statusCode).toBe(200);

    const [notice] = await mailsTo(user.email, "password-changed");
    expect(notice?.subject).toBe("Your Tend password was changed");
    const events = await t.app.db.select().from(authEvents).where(eq(authEvents.userId, user.id));
    expect(events.map((e) => e.eventType)).toContain("PASSWORD_RESET");
  });

  it(`sends at most ${RESET_MAILS_PER_HOUR} reset mails an hour to one address`, async () => {
    const user = await createUser(t.app);
    for (let i = 0; i < RESET_MAILS_PER_HOUR + 2; i++) {
      expect((await requestReset(user.email)).statusCode).toBe(200);
    }
    await t.app.background.settle();
    expect(await mailsTo(user.email, "reset-password")).toHaveLength(RESET_MAILS_PER_HOUR);
  });

  it("answers an address with an account before its mail is written, as for one without", async () => {
    const user = await createUser(t.app);
    const nobody = await requestReset(uniqueEmail("nobody"));
    await t.app.background.settle();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const send = vi.spyOn(t.app.mailer, "send").mockImplementation(async () => {
      await held;
      return "held";
    });

    // The mail cannot be written until released: an answer that waited for it would never come.
    const known = await requestReset(user.email);
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(nobody.json());
    await vi.waitFor(() =>
      expect(send).toHaveBeenCalledWith(
        expect.objectContaining({ to: user.email, kind: "reset-password" }),
      ),
    );
    release();
    await t.app.background.settle();
  });

  it("still refuses an address that is not one, and a link back to another site", async () => {
    expect((await requestReset("not-an-address")).statusCode).toBe(400);
    const elsewhere = await t.app.inject({
      method: "POST",
      url: "/api/auth/request-password-reset",
      headers: origin,
      payload: { email: uniqueEmail("elsewhere"), redirectTo: "https://evil.example/reset" },
    });
    expect(elsewhere.statusCode).toBe(403);
  });
});
