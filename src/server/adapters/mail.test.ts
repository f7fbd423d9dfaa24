import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpPeer } from "../../../tests/helpers/smtp-peer";
import { build, type TestApp } from "../../../tests/helpers/test-app";
import { mailOutbox } from "../db/schema/index";

describe("mail outbox over SMTP", () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  beforeAll(async () => {
    smtp = await startSmtpPeer({ failFirst: 1 });
    t = await build({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("keeps a mail the server refused and delivers it on a later drain", async () => {
    const id = await t.app.mailer.send({
      to: "x@example.com",
      subject: "Hi",
      html: "<p>Hi</p>",
      text: "Hi",
      kind: "test",
    });
    let [row] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row?.lastError).toMatch(/451/);
    expect(smtp.received).toHaveLength(0);

    // Not due yet: the backoff holds it back.
    expect(await t.app.mailer.drain()).toBe(0);
    await t.app.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(mailOutbox.id, id));
    expect(await t.app.mailer.drain()).toBe(1);
    [row] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    expect(smtp.received.map((m) => m.to)).toEqual([["x@example.com"]]);
  });
});

describe("dev mailbox without SMTP", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => t.close());

  it("keeps mail in the database and shows it at /dev/mailbox with clickable links", async () => {
    const id = await t.app.mailer.send({
      to: "dev@example.com",
      subject: "Confirm",
      html: '<a href="http://localhost:3000/verify-email?token=abc">Confirm</a>',
      text: "http://localhost:3000/verify-email?token=abc",
      kind: "verify-email",
    });
    const list = await t.app.inject({ url: "/dev/mailbox" });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(`/dev/mailbox/${id}`);
    const one = await t.app.inject({ url: `/dev/mailbox/${id}` });
    expect(one.body).toContain('href="http://localhost:3000/verify-email?token=abc"');
    const json = await t.app.inject({ url: "/api/dev/mailbox?to=dev@example.com" });
    expect(json.json().mails).toHaveLength(1);
  });
});
