// The other two ways into the inbound pipeline, end to end on a real database: Mailgun's signed
// posts over real HTTP (both formats), and a mailbox on a real Dovecot read over IMAP by the
// same start-up code the server runs.
import { createHmac, randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toLocalDate } from "../../../core/rhythm";
import { hasDovecot, startDovecot, type Dovecot } from "../../../../tests/helpers/dovecot";
import { addDueContact, saveSchedule } from "../../../../tests/helpers/reminders-kit";
import {
  build,
  createUser,
  injectAs,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import { startInboundMail } from "./inbound-mail";

const DOMAIN = "inbound.tend.test";
const KEY = "mailgun-signing-key-for-tests";

function signature(key = KEY, timestamp = Math.floor(Date.now() / 1000)) {
  const token = randomBytes(25).toString("hex");
  const ts = String(timestamp);
  return {
    timestamp: ts,
    token,
    signature: createHmac("sha256", key)
      .update(ts + token)
      .digest("hex"),
  };
}

function forwardedMail(from: string, to: string, subject: string, messageId: string): string {
  return [
    `From: Me <${from}>`,
    `To: ${to}`,
    "Cc: Grace Hopper <grace@example.org>",
    `Subject: ${subject}`,
    `Message-ID: <${messageId}@mail.example>`,
    "Date: Mon, 30 Nov 2026 09:15:00 +0000",
    "Content-Type: text/plain; charset=utf-8",
    "",
    "Notes from the call.",
    "",
  ].join("\r\n");
}

describe("inbound mail through Mailgun and IMAP", () => {
  let t: TestApp;
  let base: string;
  let user: TestUser;
  let grace: { id: string };
  let forwarding: string;

  async function historyOfGrace() {
    const res = await injectAs(t.app, user, { url: `/api/contacts/${grace.id}/interactions` });
    return res.json().items as {
      note: string | null;
      replyId?: string | null;
      occurredAt: string;
    }[];
  }

  async function post(path: string, fields: Record<string, string>) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const res = await fetch(`${base}${path}`, { method: "POST", body: form });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  beforeAll(async () => {
    t = await build({ INBOUND_DOMAIN: DOMAIN, MAILGUN_WEBHOOK_SIGNING_KEY: KEY });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    user = await createUser(t.app);
    await saveSchedule(t.app, user, { timezone: "Europe/Lisbon" });
    grace = await addDueContact(t.app, user, {
      firstName: "Grace",
      lastName: "Hopper",
      emails: [{ value: "grace@example.org" }],
    });
    const settings = await injectAs(t.app, user, { url: "/api/settings/inbound" });
    expect(settings.json()).toMatchObject({ mailEnabled: true });
    forwarding = settings.json().forwardingAddress as string;
  });
  afterAll(async () => {
    await t.close();
  });

  it("logs a forwarded mail Mailgun posts raw, once, and refuses a replayed or forged post", async () => {
    const raw = forwardedMail(user.email, forwarding, "Call about the conference", "mg-raw-1");
    const signed = signature();
    const fields = { ...signed, recipient: forwarding, sender: user.email, "body-mime": raw };
    const first = await post("/api/inbound/email/mailgun/mime", fields);
    expect(first).toEqual({ status: 200, body: { outcome: "handled" } });
    const logged = (await historyOfGrace()).filter((h) => h.note === "Call about the conference");
    expect(logged).toHaveLength(1);
    expect(logged[0]!.replyId).toBeTruthy();
    expect(toLocalDate(new Date(logged[0]!.occurredAt), "Europe/Lisbon")).toBe("2026-11-30");

    // The same signed post again, a wrong key, an old signature: refused, nothing changes.
    const again = await post("/api/inbound/email/mailgun/mime", fields);
    expect(again.status).toBe(401);
    expect(JSON.stringify(again.body)).toContain("already received");
    const forged = await post("/api/inbound/email/mailgun/mime", {
      ...fields,
      ...signature("not-the-key"),
    });
    expect(forged.status).toBe(401);
    const old = await post("/api/inbound/email/mailgun/mime", {
      ...fields,
      ...signature(KEY, Math.floor(Date.now() / 1000) - 3600),
    });
    expect(old.status).toBe(401);
    expect(await historyOfGrace()).toHaveLength(logged.length + 1); // + the first contact's entry
  });

  it("reads Mailgun's parsed format; a stranger's mail or an unknown address changes nothing", async () => {
    const headers = (from: string, id: string) =>
      JSON.stringify([
        ["From", `Me <${from}>`],
        ["To", forwarding],
        ["Cc", "Grace Hopper <grace@example.org>"],
        ["Subject", "Dinner with Grace"],
        ["Message-Id", `<${id}@mail.example>`],
        ["Date", "Tue, 01 Dec 2026 20:00:00 +0000"],
      ]);
    const parsed = await post("/api/inbound/email/mailgun", {
      ...signature(),
      recipient: forwarding,
      sender: user.email,
      "message-headers": headers(user.email, "mg-parsed-1"),
      "body-plain": "Good evening.",
    });
    expect(parsed).toEqual({ status: 200, body: { outcome: "handled" } });
    expect((await historyOfGrace()).some((h) => h.note === "Dinner with Grace")).toBe(true);

    const before = (await historyOfGrace()).length;
    const stranger = await post("/api/inbound/email/mailgun", {
      ...signature(),
      recipient: forwarding,
      sender: "mallory@evil.example",
      "message-headers": headers("mallory@evil.example", "mg-parsed-2"),
      "body-plain": "Log this.",
    });
    expect(stranger.body).toEqual({ outcome: "dropped" });
    // The user's own address, but Mailgun found it forged (SPF fail, no DKIM pass).
    const forged = await post("/api/inbound/email/mailgun", {
      ...signature(),
      recipient: forwarding,
      sender: user.email,
      "message-headers": JSON.stringify([
        ...(JSON.parse(headers(user.email, "mg-parsed-4")) as [string, string][]),
        ["X-Mailgun-Spf", "Fail"],
        ["X-Mailgun-Dkim-Check-Result", "Fail"],
      ]),
      "body-plain": "Log this.",
    });
    expect(forged.body).toEqual({ outcome: "dropped" });
    const unknown = await post("/api/inbound/email/mailgun", {
      ...signature(),
      recipient: `log+aaaaaaaaaaaaaaaaaaaaaaaaaa@${DOMAIN}`,
      sender: user.email,
      "message-headers": headers(user.email, "mg-parsed-3"),
      "body-plain": "Log this.",
    });
    expect(unknown.status).toBe(406);
    const unreadable = await post("/api/inbound/email/mailgun", {
      ...signature(),
      recipient: forwarding,
      "message-headers": "not json",
    });
    expect(unreadable.status).toBe(406);
    expect((await historyOfGrace()).length).toBe(before);
  });

  const inCI = process.env.CI === "true";
  describe.skipIf(!hasDovecot && !inCI)("a mailbox on Dovecot", () => {
    let dovecot: Dovecot;
    beforeAll(async () => {
      dovecot = await startDovecot();
    });
    afterAll(() => dovecot?.stop());

    it("logs what arrives in the mailbox and marks it seen; a stranger's mail is set aside too", async () => {
      const services = { ...t.app.services, env: { ...t.app.env, INBOUND_IMAP_URL: dovecot.url } };
      await dovecot.deliver(
        forwardedMail("mallory@evil.example", forwarding, "From a stranger", "imap-0"),
      );
      await dovecot.deliver(forwardedMail(user.email, forwarding, "Coffee at the lab", "imap-1"));
      const stop = await startInboundMail(services, t.app.log);
      try {
        for (let i = 0; i < 200; i++) {
          if ((await historyOfGrace()).some((h) => h.note === "Coffee at the lab")) break;
          await new Promise((r) => setTimeout(r, 50));
        }
        expect((await historyOfGrace()).some((h) => h.note === "Coffee at the lab")).toBe(true);
        expect((await historyOfGrace()).some((h) => h.note === "From a stranger")).toBe(false);
        const imap = await dovecot.client();
        for (let i = 0; i < 100; i++) {
          const status = await imap.status("INBOX", { unseen: true });
          if (status && status.unseen === 0) break;
          await new Promise((r) => setTimeout(r, 50));
        }
        expect(await imap.status("INBOX", { messages: true, unseen: true })).toMatchObject({
          messages: 2,
          unseen: 0,
        });
        await imap.logout();
      } finally {
        await stop();
      }
      const replies = (await injectAs(t.app, user, { url: "/api/replies" })).json();
      expect(
        replies.items.filter((r: { subject: string }) => r.subject === "Coffee at the lab"),
      ).toHaveLength(1);
    });
  });
});
