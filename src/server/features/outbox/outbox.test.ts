import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useAppWithSmtp } from "../../../../tests/helpers/smtp-app";
import { build, type TestApp } from "../../../../tests/helpers/test-app";
import { outbox } from "../../db/schema/index";
import { reminderDeliveryHooks } from "../reminders/reminders.public";
import { claimDue, enqueue, LEASE_MS, mailRow, MAX_ATTEMPTS } from "./outbox";

async function row(t: TestApp, id: string) {
  const [found] = await t.app.db.select().from(outbox).where(eq(outbox.id, id));
  return found!;
}

function mail(to: string) {
  return { to, subject: "Hi", html: "<p>Hi</p>", text: "Hi", kind: "test" };
}

describe("the outbox over SMTP", () => {
  const ctx = useAppWithSmtp();

  it("delivers right after it is written, with a stable Message-ID", async () => {
    const id = await ctx.t.app.mailer.send(mail("now@example.com"));
    await ctx.smtp.waitFor(1);
    await ctx.t.app.outbox.drain();
    expect(await row(ctx.t, id)).toMatchObject({ status: "sent", attempts: 1, transport: "smtp" });
    expect(ctx.smtp.received[0]?.messageId).toBe(`<${id}@localhost>`);
  });

  it("keeps a mail the server refused for now and delivers it after the backoff", async () => {
    ctx.smtp.state.refuseWith = 451;
    const id = await ctx.t.app.mailer.send(mail("later@example.com"));
    await ctx.t.app.outbox.drain();
    let stored = await row(ctx.t, id);
    expect(stored).toMatchObject({ status: "pending", attempts: 1, failure: "transient" });
    expect(stored.lastError).toMatch(/mailbox unavailable/);

    ctx.smtp.state.refuseWith = null;
    expect(await ctx.t.app.outbox.drain()).toBe(0); // not due yet: the backoff holds it back
    ctx.t.app.clock.offsetMs = 31_000;
    expect(await ctx.t.app.outbox.drain()).toBe(1);
    stored = await row(ctx.t, id);
    expect(stored).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    expect(ctx.smtp.received.map((m) => m.to)).toEqual([["later@example.com"]]);
  });

  it("dead-letters at once on a permanent refusal (5xx)", async () => {
    ctx.smtp.state.bouncing.add("gone@example.com");
    const id = await ctx.t.app.mailer.send(mail("gone@example.com"));
    await ctx.t.app.outbox.drain();
    expect(await row(ctx.t, id)).toMatchObject({
      status: "failed",
      failure: "permanent",
      attempts: 1,
    });
    ctx.t.app.clock.offsetMs = 24 * 3_600_000;
    expect(await ctx.t.app.outbox.drain()).toBe(0);
  });

  it(`dead-letters after ${MAX_ATTEMPTS} tries when the server never recovers`, async () => {
    ctx.smtp.state.refuseWith = 421;
    const id = await ctx.t.app.mailer.send(mail("never@example.com"));
    await ctx.t.app.outbox.drain();
    for (let i = 1; i < MAX_ATTEMPTS; i++) {
      ctx.t.app.clock.offsetMs += 5 * 3_600_000;
      await ctx.t.app.outbox.drain();
    }
    expect(await row(ctx.t, id)).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
    ctx.t.app.clock.offsetMs += 5 * 3_600_000;
    expect(await ctx.t.app.outbox.drain()).toBe(0);
  });

  it("takes over a row whose sender died holding it, once the lease has run out", async () => {
    // Another "process" claims the row and dies before sending.
    ctx.smtp.state.refuseWith = 451;
    const id = await ctx.t.app.mailer.send(mail("orphan@example.com"));
    await ctx.t.app.outbox.drain();
    ctx.smtp.state.refuseWith = null;
    ctx.t.app.clock.offsetMs = 60_000;
    const claimed = await claimDue(ctx.t.app.db, { now: ctx.t.app.clock.now(), limit: 10 });
    expect(claimed.map((r) => r.id)).toEqual([id]);
    expect(await ctx.t.app.outbox.drain()).toBe(0); // leased: nobody else touches it
    ctx.t.app.clock.offsetMs += LEASE_MS + 1000;
    expect(await ctx.t.app.outbox.drain()).toBe(1);
    expect(await row(ctx.t, id)).toMatchObject({ status: "sent", attempts: 3 });
    expect(ctx.smtp.received.map((m) => m.messageId)).toEqual([`<${id}@localhost>`]);
  });

  it("records the messages sent while a record is being written together, in one transaction", async () => {
    const groups: string[][] = [];
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    ctx.t.app.outbox.setHooks({
      async onSent(_tx, rows) {
        groups.push(rows.map((r) => r.to));
        if (groups.length === 1) await firstHeld;
      },
    });
    try {
      const to = Array.from({ length: 6 }, (_, i) => `group${i}@example.com`);
      // Written without a kick, so one drain claims all six; four go out at once.
      const ids = await enqueue(
        ctx.t.app.db,
        to.map((address) => mailRow(mail(address))),
      );
      const draining = ctx.t.app.outbox.drain();
      // While the first message's record is held, three more are sent and wait for theirs (the
      // pause lets the peer's answers reach the sender).
      await ctx.smtp.waitFor(4);
      await new Promise((resolve) => setTimeout(resolve, 500));
      releaseFirst();
      expect(await draining).toBe(6);
      expect(groups[0]).toHaveLength(1);
      expect(groups[1]).toHaveLength(3);
      expect(groups.length).toBeLessThanOrEqual(4);
      expect(groups.flat().sort()).toEqual(to);
      for (const id of ids) {
        const stored = await row(ctx.t, id);
        expect(stored).toMatchObject({ status: "sent", attempts: 1, transport: "smtp" });
        expect(stored.sentAt).toBeInstanceOf(Date);
        expect(stored.leaseExpiresAt).toBeNull();
      }
    } finally {
      ctx.t.app.outbox.setHooks(reminderDeliveryHooks);
    }
  });

  it("leaves a message it could not record to be sent again, and says why", async () => {
    ctx.t.app.outbox.setHooks({
      onSent() {
        return Promise.reject(new Error("the database went away"));
      },
    });
    try {
      const [id] = await enqueue(ctx.t.app.db, [mailRow(mail("unrecorded@example.com"))]);
      await expect(ctx.t.app.outbox.drain()).rejects.toThrow("the database went away");
      // The transaction rolled back: still leased, so it is sent again once the lease ends.
      expect(await row(ctx.t, id!)).toMatchObject({ status: "sending", sentAt: null });
    } finally {
      ctx.t.app.outbox.setHooks(reminderDeliveryHooks);
    }
  });
});

describe("the dev mailbox without SMTP", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => t.close());

  it("keeps mail in the outbox and shows it at /dev/mailbox with clickable links", async () => {
    const id = await t.app.mailer.send({
      to: "dev@example.com",
      subject: "Confirm",
      html: '<a href="http://localhost:3000/verify-email?token=abc">Confirm</a>',
      text: "http://localhost:3000/verify-email?token=abc",
      kind: "verify-email",
    });
    await t.app.outbox.drain();
    expect(await row(t, id)).toMatchObject({ status: "sent", transport: "dev" });
    const list = await t.app.inject({ url: "/dev/mailbox" });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(`/dev/mailbox/${id}`);
    const one = await t.app.inject({ url: `/dev/mailbox/${id}` });
    expect(one.body).toContain('href="http://localhost:3000/verify-email?token=abc"');
    const json = await t.app.inject({ url: "/api/dev/mailbox?to=dev@example.com" });
    expect(json.json().mails).toHaveLength(1);
  });

  it("lists text messages with their body", async () => {
    await t.app.sms.send({ to: "+14155550100", body: "123456 is your code", kind: "phone-otp" });
    const json = await t.app.inject({ url: "/api/dev/mailbox?to=%2B14155550100" });
    expect(json.json().texts[0]).toMatchObject({ body: "123456 is your code", kind: "phone-otp" });
  });
});
